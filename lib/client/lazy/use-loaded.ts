import { useEffect, useState } from "react";

/** What a `load` gave: its value, or the error it failed with. */
export type Loaded<T> = { value: T } | { error: unknown };

/**
 * What `load` resolves to, once the calling component has committed, or null until then. The
 * component's own earlier effects run first, so a chunk asked for here never delays them.
 *
 * Not `next/dynamic` (React.lazy): content that resolves inside a Suspense boundary is revealed at
 * most once per 300 ms after its fallback (React's fallback throttle), which held each step behind
 * it back by up to that much. `load` must keep its identity (a module-level function).
 */
export function useLoaded<T>(load: () => Promise<T>): Loaded<T> | null {
  const [loaded, setLoaded] = useState<Loaded<T> | null>(null);
  useEffect(() => {
    let mounted = true;
    load().then(
      (value) => mounted && setLoaded({ value }),
      (error: unknown) => mounted && setLoaded({ error }),
    );
    return () => {
      mounted = false;
    };
  }, [load]);
  return loaded;
}
