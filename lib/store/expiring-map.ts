/*
 * The one expiring map of the app's in-memory stores (lib/store/ttl-store.ts, the call state's
 * commands): each key lives until its own expiry, then reads as absent.
 * Synchronous, so a caller's read-modify-write has no await in it. Expired keys are swept at
 * most once a minute, on a write; a full map drops its oldest key. Pure, no server imports.
 */

export interface ExpiringMap<V> {
  get(key: string): V | undefined;
  /** Sets the key, for `ttlMs` from now; a full map first drops its oldest key. */
  set(key: string, value: V, ttlMs: number): void;
  /** Removes the key and returns what it held. */
  delete(key: string): V | undefined;
  /** The live entries, oldest first. */
  entries(): [string, V][];
}

const SWEEP_INTERVAL_MS = 60_000;

export function createExpiringMap<V>(options: { now?: () => number; maxEntries?: number } = {}): ExpiringMap<V> {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { value: V; expiresAt: number }>();
  let lastSweep = now();

  function sweep() {
    const time = now();
    if (time - lastSweep < SWEEP_INTERVAL_MS) return;
    lastSweep = time;
    for (const [key, entry] of entries) if (entry.expiresAt <= time) entries.delete(key);
  }

  function live(key: string) {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  }

  return {
    get: (key) => live(key)?.value,
    set(key, value, ttlMs) {
      sweep();
      // Full: the oldest entry goes (a Map iterates in insertion order), so what callers can make it hold is bounded.
      if (options.maxEntries !== undefined && entries.size >= options.maxEntries && !entries.has(key)) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(key, { value, expiresAt: now() + ttlMs });
    },
    delete(key) {
      const entry = live(key);
      entries.delete(key);
      return entry?.value;
    },
    entries: () => [...entries].filter(([key]) => live(key)).map(([key, entry]) => [key, entry.value]),
  };
}
