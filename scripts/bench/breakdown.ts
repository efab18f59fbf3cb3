// Where a wait happens: per step of the first view or of a command, the time since the step
// before it, as p50 over the runs (the marks of lib/client/timing/timing-marks.ts).
import type { Figure } from "./record";
import { percentile } from "./stats";

/** One run: each step's time on the frame's clock (ms), or undefined when the step left no mark. */
export type StepTimes = Readonly<Record<string, number | undefined>>;

export type StepRow = {
  from: string;
  to: string;
  /** p50 of `to − from` over the runs that have both steps; null when no run has both. */
  p50Ms: number | null;
  runs: number;
  /** Runs without one of the two steps: they count for no number. */
  missing: number;
};

/**
 * One row per step after the first: the time since the step listed before it. A run that lacks
 * either step is left out of that row and counted as missing, never bridged to an earlier step,
 * so a row always measures the two steps it names. A negative time is kept: the step came first.
 */
export function breakdownSteps(steps: readonly string[], runs: readonly StepTimes[]): StepRow[] {
  return steps.slice(1).map((to, index) => {
    const from = steps[index]!;
    const gaps: number[] = [];
    for (const run of runs) {
      const start = run[from];
      const end = run[to];
      if (start !== undefined && end !== undefined) gaps.push(end - start);
    }
    gaps.sort((a, b) => a - b);
    return { from, to, p50Ms: gaps.length ? percentile(gaps, 0.5) : null, runs: runs.length, missing: runs.length - gaps.length };
  });
}

/**
 * The record's rows ("  step: from → to", ms, no target); a row with missing runs says how many.
 * With the floor's rows (the same steps on the floor page), each says the floor's p50 beside its own.
 */
export function breakdownFigures(rows: readonly StepRow[], floorRows?: readonly StepRow[]): Figure[] {
  return rows.map((row, index) => {
    const floor = floorRows?.[index];
    const runs =
      row.missing === 0
        ? `p50 of ${row.runs} runs`
        : `missing in ${row.missing} of ${row.runs} runs` + (row.p50Ms === null ? "" : `; p50 of the other ${row.runs - row.missing}`);
    const beside = floor?.p50Ms == null ? "" : `; floor ${floor.p50Ms.toFixed(1)} ms`;
    return { name: `  step: ${row.from} → ${row.to}`, value: row.p50Ms, unit: "ms", detail: runs + beside };
  });
}
