import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";

/** One measured figure beside its target; `higherIsBetter` for capacities, lower for costs and times. */
export type Figure = {
  name: string;
  /** null: no run measured it (the detail says why); a figure with a target then misses it. */
  value: number | null;
  unit: string;
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
  figures: (Figure & { verdict: Verdict })[];
};

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
  if (figure.value === null) return higherIsBetter ? "UNDER" : "OVER";
  if (higherIsBetter) return figure.value >= limit ? "ok" : "UNDER";
  return figure.value <= limit ? "ok" : "OVER";
}

/** Prints each figure as it is measured, and keeps it for the record. */
export class BenchRecord {
  private readonly figures: (Figure & { verdict: Verdict })[] = [];
  private readonly startedAt = new Date();

  add(figure: Figure) {
    const verdict = verdictOf(figure);
    this.figures.push({ ...figure, verdict });
    const value = figure.value === null ? "–" : `${round(figure.value)} ${figure.unit}`;
    const target = figure.target ? ` (target ${figure.target.higherIsBetter ? "≥" : "≤"} ${round(figure.target.limit)} ${figure.unit}) ${verdict}` : "";
    const detail = figure.detail ? `  [${figure.detail}]` : "";
    console.log(`${figure.name.padEnd(58)} ${value}${target}${detail}`);
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
