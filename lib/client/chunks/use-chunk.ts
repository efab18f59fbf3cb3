import { useEffect, useState } from "react";

/**
 * A dynamic `import()` fetched once, on the first call, and shared by every later one. A failed
 * download is for the component that renders from it to show (useChunk), so it is not reported
 * as an unhandled rejection; the page's Reload fetches it again.
 */
export function chunkLoader<T>(load: () => Promise<T>): () => Promise<T> {
  let chunk: Promise<T> | null = null;
  return () => {
    if (!chunk) {
      chunk = load();
      chunk.catch(() => undefined);
    }
    return chunk;
  };
}

/** A chunk's module once it has arrived, `failed` if it never will, null while it is on its way. */
export type ChunkState<T> = { module: T } | { failed: true } | null;

/**
 * The module of a chunk the page loads on its own schedule (a dynamic `import()` started outside
 * React), for a component to render from. Swapped in with a state update rather than with
 * `next/dynamic` (React.lazy): content that resolves inside a Suspense boundary is revealed at most
 * once per 300 ms after its fallback (React's fallback throttle), which held the handshake's first
 * step back by about 160 ms. A chunk that fails is reported here, for the component to show.
 */
export function useChunk<T>(chunk: Promise<T> | null): ChunkState<T> {
  const [state, setState] = useState<ChunkState<T>>(null);
  useEffect(() => {
    let mounted = true;
    chunk?.then(
      (module) => mounted && setState({ module }),
      () => mounted && setState({ failed: true }),
    );
    return () => {
      mounted = false;
    };
  }, [chunk]);
  return state;
}
