import type { Clock } from "../core/clock";

const WINDOW_MS = 60_000;

/** Sliding one-minute windows on the campus clock (spec 8: per launch and per member limits). */
export function createRateWindows(clock: Clock) {
  const windows = new Map<string, number[]>();

  let sweptAt = clock.now();

  function currentEntries(key: string): number[] {
    const now = clock.now();
    const entries = (windows.get(key) ?? []).filter((at) => at + WINDOW_MS > now);
    if (entries.length > 0) windows.set(key, entries);
    else windows.delete(key);
    return entries;
  }

  return {
    /** Whole seconds until a slot frees (at least 1), or 0 while fewer than `limit` requests are in the window. */
    secondsUntilFree(key: string, limit: number): number {
      const entries = currentEntries(key);
      const oldest = entries[0];
      if (entries.length < limit || oldest === undefined) return 0;
      return Math.max(1, Math.ceil((oldest + WINDOW_MS - clock.now()) / 1000));
    },
    record(key: string): void {
      const entries = currentEntries(key);
      entries.push(clock.now());
      windows.set(key, entries);
    },
    /** policy.ts: once a window length, forget the keys (launches, members) with nothing in their window. */
    pruneWindows(): void {
      if (clock.now() - sweptAt < WINDOW_MS) return;
      sweptAt = clock.now();
      for (const key of [...windows.keys()]) currentEntries(key);
    },
    countRecords: () => ({ rateWindows: windows.size }),
  };
}

export type RateWindows = ReturnType<typeof createRateWindows>;
