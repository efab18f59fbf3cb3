/**
 * A process's resident memory once it has settled after start-up. Right after start V8 still holds
 * the heap that loading the routes grew; its memory reducer gives it back some eight seconds after
 * the process stops allocating, if it runs at all, and a full collection at once
 * (full-collection.ts; docs/performance.md, "What holds a process's memory"). Even then the
 * memory leaves over a few seconds. Read before that, an idle figure measures how recently the
 * process started.
 *
 * Memory is read every `everyMs` until `calm` readings in a row stay within `withinMb` of each other,
 * for at most `mostReadings` readings; the last reading is the figure either way. The default calm
 * spell is longer than the reducer's delay, so a plateau that precedes it does not count as settled.
 */
export async function settledRssMb(
  read: () => number,
  { everyMs = 1_000, calm = 15, withinMb = 1, mostReadings = 90, wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)) } = {},
): Promise<{ rssMb: number; readings: number; settled: boolean }> {
  const readings: number[] = [read()];
  while (readings.length < mostReadings) {
    const recent = readings.slice(-calm);
    if (recent.length === calm && Math.max(...recent) - Math.min(...recent) <= withinMb) return { rssMb: readings.at(-1)!, readings: readings.length, settled: true };
    await wait(everyMs);
    readings.push(read());
  }
  return { rssMb: readings.at(-1)!, readings: readings.length, settled: false };
}
