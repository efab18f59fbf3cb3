import { useCallback, useSyncExternalStore } from "react";

/** A chunk's module once it has arrived, `failed` if it never will, null while it is on its way. */
export type ChunkState<T> = { module: T } | { failed: true } | null;

/** Fetches a chunk (once), and tells synchronously what has come of it so far. */
export type ChunkLoader<T> = {
  load(): Promise<T>;
  /** What has come of the fetch so far: null before it starts and while it is on its way. */
  state(): ChunkState<T>;
  /**
   * Runs `run` with the module: at once if it has come, else when it comes (never if it fails).
   * At once matters in an effect: a `then` runs only after the task, and React renders the
   * updates the effects scheduled within that task.
   */
  withModule(run: (module: T) => void): void;
};

/**
 * A dynamic `import()` fetched once, on the first call, and shared by every later one. A failed
 * download is for the component that renders from it to show (useChunk), so it is not reported
 * as an unhandled rejection; the page's Reload fetches it again.
 */
export function chunkLoader<T>(importChunk: () => Promise<T>): ChunkLoader<T> {
  let chunk: Promise<T> | null = null;
  let settled: ChunkState<T> = null;
  const load = () => {
    if (!chunk) {
      chunk = importChunk();
      chunk.then(
        (module) => void (settled = { module }),
        () => void (settled = { failed: true }),
      );
    }
    return chunk;
  };
  return {
    load,
    state: () => settled,
    withModule(run) {
      if (settled && "module" in settled) run(settled.module);
      else load().then(run, () => undefined);
    },
  };
}

/**
 * The module of a chunk, for a component to render from; `null` asks for nothing yet. Asking
 * starts the fetch, if nothing has (a page may start it earlier, outside React). A chunk that has
 * already come is rendered at once, with no second render; one on its way is swapped in when it
 * comes, and one that fails is reported, for the component to show. The server and the hydrating
 * render see nothing yet, as the server rendered.
 *
 * Not `next/dynamic` (React.lazy): content that resolves inside a Suspense boundary is revealed at
 * most once per 300 ms after its fallback (React's fallback throttle), which held the handshake's
 * first step back by about 160 ms.
 */
export function useChunk<T>(loader: ChunkLoader<T> | null): ChunkState<T> {
  const subscribe = useCallback(
    (onChange: () => void) => {
      let subscribed = true;
      const settle = () => subscribed && onChange();
      loader?.load().then(settle, settle);
      return () => {
        subscribed = false;
      };
    },
    [loader],
  );
  return useSyncExternalStore(subscribe, () => loader?.state() ?? null, nothingYet);
}

const nothingYet = () => null;
