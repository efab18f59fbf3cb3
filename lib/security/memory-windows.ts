import "server-only";
import type { RateLimit } from "@/lib/shared/app-limits";

/**
 * Fixed windows of one rate limit in this process's memory, with no timer per key. A timer set
 * while a request is served keeps that request's async context (Next's request store, the request
 * and its response, about 30 kB) until it fires. rate-limiter-flexible's memory store set one for
 * each new key's window, so every new launch asking for a state kept its request alive for a
 * minute. Every window of one limit lasts as long, so they end in the order they opened: the
 * ended ones are dropped from the front before each count.
 */
export type MemoryWindows = {
  /** Counts one request of `key`; over the limit, the ms until its window ends, else undefined. */
  consume(key: string): number | undefined;
  /** Windows still held (for tests). */
  readonly size: number;
};

export function createMemoryWindows(limit: RateLimit, now: () => number = Date.now): MemoryWindows {
  const windows = new Map<string, { count: number; endsAt: number }>();
  return {
    consume(key) {
      const time = now();
      for (const [held, window] of windows) {
        if (window.endsAt > time) break;
        windows.delete(held);
      }
      let window = windows.get(key);
      // A clock set back can leave an ended window behind a later one: it ends here all the same.
      if (window && window.endsAt <= time) windows.delete(key);
      if (!window || window.endsAt <= time) windows.set(key, (window = { count: 0, endsAt: time + limit.durationSeconds * 1000 }));
      window.count += 1;
      return window.count > limit.points ? window.endsAt - time : undefined;
    },
    get size() {
      return windows.size;
    },
  };
}
