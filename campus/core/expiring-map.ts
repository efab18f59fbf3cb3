/**
 * A map whose entries expire in the order they were added (or last touched): one lifetime, on the
 * campus clock. Pruning removes expired entries from the front and stops at the first live one, so
 * it costs only what it removes (policy.ts: launches, codes and tokens leave memory this way).
 */
export function createExpiringMap<V>(expiresAt: (value: V) => number) {
  const entries = new Map<string, V>();
  return {
    get: (key: string) => entries.get(key),
    /** Adds the entry at the back, or moves it there: it now expires last. */
    set(key: string, value: V) {
      entries.delete(key);
      entries.set(key, value);
    },
    delete: (key: string) => entries.delete(key),
    values: () => entries.values(),
    get size() {
      return entries.size;
    },
    /** Removes every entry expired at `now`, oldest first, telling `onExpired` about each. */
    prune(now: number, onExpired?: (value: V) => void) {
      for (const [key, value] of entries) {
        if (expiresAt(value) > now) break;
        entries.delete(key);
        onExpired?.(value);
      }
    },
  };
}
