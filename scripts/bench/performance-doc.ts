// The figures table of docs/performance.md, made from the record `npm run bench` writes
// (bench-results/latest.json): only the text between the two markers is replaced, so the figures
// are never typed by hand and the prose around them stays as written.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import type { BenchFile } from "./record";

export const TABLE_START = "<!-- bench-figures:start -->";
export const TABLE_END = "<!-- bench-figures:end -->";
export const NO_FIGURES = "No figures recorded yet: `npm run bench` writes them here.";

/** Details longer than this (the load run's steps) stay in the record, not the table. */
const DETAIL_MAX_CHARS = 160;

/** The machine line and one row per figure, in the order the bench measured them. */
export function renderFigures(record: BenchFile): string {
  const { machine } = record;
  const cpu = machine.cpuModel ? `${machine.cpuModel}, ` : "";
  const memory = machine.memoryGb === undefined ? "" : `, ${machine.memoryGb} GB memory`;
  const lines = [
    `Recorded ${record.finishedAt} on ${cpu}${machine.cpus} cores${memory}, Node ${machine.node} (${machine.platform}).` +
      (record.complete ? "" : ` The run stopped early: ${record.failure ?? "an error"}.`),
    "",
    "| Figure | Value | Floor | Ratio | Target | Verdict | Detail |",
    "|---|---|---|---|---|---|---|",
  ];
  for (const figure of record.figures) {
    const withUnit = (value: number | null, unit: string) => (value === null ? "–" : `${formatNumber(value)} ${unit}`.trim());
    const target = figure.target ? `${figure.target.higherIsBetter ? "≥" : "≤"} ${formatNumber(figure.target.limit)} ${figure.floor ? "×" : figure.unit}`.trim() : "";
    const detail = figure.detail && figure.detail.length <= DETAIL_MAX_CHARS ? figure.detail : figure.detail ? "in the record" : "";
    const floor = figure.floor ? `${withUnit(figure.floor.value, figure.unit)} (${figure.floor.what})` : "";
    const ratio = figure.floor ? withUnit(figure.ratio ?? null, "×") : "";
    lines.push(`| ${cell(figure.name.trim())} | ${cell(withUnit(figure.value, figure.unit))} | ${cell(floor)} | ${cell(ratio)} | ${cell(target)} | ${figure.verdict} | ${cell(detail)} |`);
  }
  return lines.join("\n");
}

/** `doc` with the text between the markers replaced by `table`; throws when the markers are missing. */
export function replaceFigures(doc: string, table: string): string {
  const start = doc.indexOf(TABLE_START);
  const end = doc.indexOf(TABLE_END);
  if (start === -1 || end === -1 || end < start) throw new Error(`docs/performance.md needs the markers ${TABLE_START} and ${TABLE_END}, in that order`);
  return `${doc.slice(0, start + TABLE_START.length)}\n${table}\n${doc.slice(end)}`;
}

/** Rewrites the doc's table from the record. */
export function writePerformanceDoc(recordPath = "bench-results/latest.json", docPath = "docs/performance.md") {
  const record = JSON.parse(readFileSync(recordPath, "utf8")) as BenchFile;
  writeFileSync(docPath, replaceFigures(readFileSync(docPath, "utf8"), renderFigures(record)));
  console.log(`Figures written to ${docPath}`);
}

function formatNumber(value: number): string {
  return Math.abs(value) >= 100 ? value.toFixed(0) : Math.abs(value) >= 10 ? value.toFixed(1) : value.toFixed(2);
}

function cell(text: string): string {
  return text.replace(/\|/g, "\\|").replace(/\n/g, " ");
}

// `npx tsx scripts/bench/performance-doc.ts`: the table again from the last record, without a bench run.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) writePerformanceDoc();
