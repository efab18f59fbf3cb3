/**
 * A map keyed by a pair of IDs, as a map of maps. Presentation and entry timers look up a consent
 * (member, app) and an approval (app, participation) for every open presentation before each page
 * request; a joined string key would be built and hashed anew on each lookup, where the IDs
 * themselves keep their hash.
 */
export function createPairMap<V>() {
  const outer = new Map<string, Map<string, V>>();
  return {
    get: (first: string, second: string): V | undefined => outer.get(first)?.get(second),
    set(first: string, second: string, value: V): void {
      const inner = outer.get(first);
      if (inner) inner.set(second, value);
      else outer.set(first, new Map([[second, value]]));
    },
    /** Removes every value under `first`; returns how many there were. */
    deleteAll(first: string): number {
      const count = outer.get(first)?.size ?? 0;
      outer.delete(first);
      return count;
    },
    /** Removes every value; returns how many there were. */
    clear(): number {
      let count = 0;
      for (const inner of outer.values()) count += inner.size;
      outer.clear();
      return count;
    },
  };
}
