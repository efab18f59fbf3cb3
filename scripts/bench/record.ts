import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";

/** One measured figure beside its target; `higherIsBetter` for capacities, lower for costs and times. */
export type Figure = {
  name: string;
  /** null: no run measured it (the detail says why); a figure with a target then misses it. */
  value: number | null;
  unit: string;
  /**
   * What the same work costs the framework alone on this machine, measured in the same run: the
   * figure's floor (same unit). With a floor, the target bounds the ratio value / floor, so it
   * holds on a fast machine and a slow one alike.
   */
  floor?: { value: number | null; what: string };
  target?: { limit: number; higherIsBetter?: boolean };
  /** What the value stands for, in a few words (samples, conditions). */
  detail?: string;
};

export type Verdict = "ok" | "OVER" | "UNDER" | "info";

/** The machine a record was made on: figures compare only between runs on the same one. */
export type Machine = { cpuModel?: string; cpus: number; memoryGb?: number; node: string; platform: string };

/** What bench-results/latest.json holds. */
export type BenchFile = {
  startedAt: string;
  finishedAt: string;
  machine: Machine;
  complete: boolean;
  failure?: string;
  allWithinTarget: boolean;
  missed: string[];
  figures: RecordedFigure[];
};

/** A figure as recorded: with its ratio to its floor (null when either is missing) and its verdict. */
export type RecordedFigure = Figure & { ratio?: number | null; verdict: Verdict };

/** value / floor, for a figure with a floor; null when either was not measured. */
export function ratioOf(figure: Figure): number | null | undefined {
  if (!figure.floor) return undefined;
  if (figure.value === null || figure.floor.value === null || figure.floor.value === 0) return null;
  return figure.value / figure.floor.value;
}

export function currentMachine(): Machine {
  return {
    cpuModel: cpus()[0]?.model.trim(),
    cpus: cpus().length,
    memoryGb: Math.round(totalmem() / 1024 ** 3),
    node: process.version,
    platform: process.platform,
  };
}

export function verdictOf(figure: Figure): Verdict {
  if (!figure.target) return "info";
  const { limit, higherIsBetter } = figure.target;
  const judged = figure.floor ? ratioOf(figure) : figure.value;
  if (judged === null || judged === undefined) return higherIsBetter ? "UNDER" : "OVER";
  if (higherIsBetter) return judged >= limit ? "ok" : "UNDER";
  return judged <= limit ? "ok" : "OVER";
}

/** Prints each figure as it is measured, and keeps it for the record. */
export class BenchRecord {
  private readonly figures: RecordedFigure[] = [];
  private readonly startedAt = new Date();

  add(figure: Figure) {
    const verdict = verdictOf(figure);
    const ratio = ratioOf(figure);
    this.figures.push({ ...figure, ...(ratio === undefined ? {} : { ratio }), verdict });
    const value = figure.value === null ? "–" : `${round(figure.value)} ${figure.unit}`;
    const floor = figure.floor ? `, floor ${figure.floor.value === null ? "–" : `${round(figure.floor.value)} ${figure.unit}`}, ratio ${ratio == null ? "–" : `${round(ratio)} ×`}` : "";
    const targetUnit = figure.floor ? "×" : figure.unit;
    const target = figure.target ? ` (target ${figure.target.higherIsBetter ? "≥" : "≤"} ${round(figure.target.limit)} ${targetUnit}) ${verdict}` : "";
    const detail = figure.detail ? `  [${figure.detail}]` : "";
    console.log(`${figure.name.padEnd(58)} ${value}${floor}${target}${detail}`);
  }

  note(line: string) {
    console.log(line);
  }

  /** bench-results/latest.json (git-ignored): the run's figures, for comparing runs on the same machine. */
  write(dir = "bench-results", failure?: unknown) {
    mkdirSync(dir, { recursive: true });
    const missed = this.figures.filter((figure) => figure.verdict === "OVER" || figure.verdict === "UNDER").map((figure) => figure.name);
    const record: BenchFile = {
      startedAt: this.startedAt.toISOString(),
      finishedAt: new Date().toISOString(),
      machine: currentMachine(),
      complete: failure === undefined,
      ...(failure === undefined ? {} : { failure: String(failure) }),
      allWithinTarget: failure === undefined && missed.length === 0,
      missed,
      figures: this.figures,
    };
    writeFileSync(`${dir}/latest.json`, `${JSON.stringify(record, null, 2)}\n`);
    const verdict = missed.length === 0 ? "every figure within its target" : `${missed.length} off target: ${missed.join("; ")}`;
    console.log(`\nWritten to ${dir}/latest.json: ${failure === undefined ? verdict : `the run stopped on an error; ${verdict} so far`}`);
  }
}

function round(value: number): string {
  return Math.abs(value) >= 100 ? value.toFixed(0) : Math.abs(value) >= 10 ? value.toFixed(1) : value.toFixed(2);
}
