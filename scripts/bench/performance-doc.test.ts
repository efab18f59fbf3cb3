import { describe, expect, it } from "vitest";
import { NO_FIGURES, renderFigures, replaceFigures, TABLE_END, TABLE_START } from "./performance-doc";
import type { BenchFile } from "./record";

const record: BenchFile = {
  startedAt: "2026-01-02T10:00:00.000Z",
  finishedAt: "2026-01-02T10:20:00.000Z",
  machine: { cpuModel: "Example CPU @ 3.0GHz", cpus: 2, memoryGb: 8, node: "v24.1.0", platform: "linux" },
  complete: true,
  allWithinTarget: false,
  missed: ["Iframe load → signed-in view, p50"],
  figures: [
    { name: "Iframe load → signed-in view, p50", value: 162.4, unit: "ms", target: { limit: 150 }, detail: "max 210 ms over 20 runs", verdict: "OVER" },
    { name: "  visitors held by one process", value: 5000, unit: "", target: { limit: 3000, higherIsBetter: true }, verdict: "ok" },
    { name: "Heartbeat through the app, p50", value: 2.2, unit: "ms", floor: { value: 2, what: "empty route + campus" }, ratio: 1.1, target: { limit: 1.1 }, verdict: "ok" },
    { name: "  steps", value: 2, unit: "", detail: "x".repeat(400), verdict: "info" },
    { name: "a | b", value: 0.123, unit: "×", verdict: "info" },
  ],
};

describe("the performance doc's figures come from the bench record", () => {
  const table = renderFigures(record);

  it("names the machine the figures were measured on", () => {
    expect(table.split("\n")[0]).toBe("Recorded 2026-01-02T10:20:00.000Z on Example CPU @ 3.0GHz, 2 cores, 8 GB memory, Node v24.1.0 (linux).");
  });

  it("writes one row per figure with its floor, ratio, target and verdict", () => {
    const rows = table.split("\n").slice(4);
    expect(rows).toEqual([
      "| Iframe load → signed-in view, p50 | 162 ms |  |  | ≤ 150 ms | OVER | max 210 ms over 20 runs |",
      "| visitors held by one process | 5000 |  |  | ≥ 3000 | ok |  |",
      "| Heartbeat through the app, p50 | 2.20 ms | 2.00 ms (empty route + campus) | 1.10 × | ≤ 1.10 × | ok |  |",
      "| steps | 2.00 |  |  |  | info | in the record |",
      "| a \\| b | 0.12 × |  |  |  | info |  |",
    ]);
  });

  it("shows a figure no run measured as a dash, never a number", () => {
    const unmeasured = renderFigures({ ...record, figures: [{ name: "  step: answered → rendered", value: null, unit: "ms", detail: "missing in 9 of 9 runs", verdict: "info" }] });
    expect(unmeasured.split("\n").slice(4)).toEqual(["| step: answered → rendered | – |  |  |  | info | missing in 9 of 9 runs |"]);
  });

  it("says when the run stopped early", () => {
    expect(renderFigures({ ...record, complete: false, failure: "Error: campus did not start" }).split("\n")[0]).toMatch(/The run stopped early: Error: campus did not start\.$/);
  });

  it("replaces only the text between the markers", () => {
    const doc = `# Performance\n\nbefore\n${TABLE_START}\n${NO_FIGURES}\n${TABLE_END}\nafter\n`;
    const updated = replaceFigures(doc, "TABLE");
    expect(updated).toBe(`# Performance\n\nbefore\n${TABLE_START}\nTABLE\n${TABLE_END}\nafter\n`);
    expect(replaceFigures(updated, "AGAIN")).toBe(`# Performance\n\nbefore\n${TABLE_START}\nAGAIN\n${TABLE_END}\nafter\n`);
  });

  it("refuses a doc without its markers", () => {
    expect(() => replaceFigures("# Performance\n", "TABLE")).toThrow(/needs the markers/);
    expect(() => replaceFigures(`${TABLE_END}\n${TABLE_START}\n`, "TABLE")).toThrow(/in that order/);
  });
});
