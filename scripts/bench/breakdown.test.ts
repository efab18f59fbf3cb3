import { describe, expect, it } from "vitest";
import { breakdownFigures, breakdownSteps } from "./breakdown";
import { verdictOf } from "./record";

const STEPS = ["click", "request sent", "answered", "rendered"];

describe("a breakdown is the p50 of the time since the previous step, per step", () => {
  it("takes each step's time since the one listed before it, p50 over the runs", () => {
    const runs = [
      { click: 100, "request sent": 101, answered: 111, rendered: 141 },
      { click: 500, "request sent": 502, answered: 522, rendered: 532 },
      { click: 900, "request sent": 900.5, answered: 915.5, rendered: 935.5 },
    ];
    expect(breakdownSteps(STEPS, runs)).toEqual([
      { from: "click", to: "request sent", p50Ms: 1, runs: 3, missing: 0 },
      { from: "request sent", to: "answered", p50Ms: 15, runs: 3, missing: 0 },
      { from: "answered", to: "rendered", p50Ms: 20, runs: 3, missing: 0 },
    ]);
  });

  it("a run missing a step counts as missing in both rows that name it, never bridged to an earlier step", () => {
    const runs = [
      { click: 0, "request sent": 1, answered: 11, rendered: 31 },
      { click: 0, "request sent": 2, rendered: 500 },
    ];
    expect(breakdownSteps(STEPS, runs)).toEqual([
      { from: "click", to: "request sent", p50Ms: 1, runs: 2, missing: 0 },
      { from: "request sent", to: "answered", p50Ms: 10, runs: 2, missing: 1 },
      { from: "answered", to: "rendered", p50Ms: 20, runs: 2, missing: 1 },
    ]);
  });

  it("a step no run has gives no number", () => {
    const rows = breakdownSteps(["a", "b"], [{ a: 1 }, { a: 2 }]);
    expect(rows).toEqual([{ from: "a", to: "b", p50Ms: null, runs: 2, missing: 2 }]);
  });

  it("keeps a negative time: the step came before the one listed before it", () => {
    expect(breakdownSteps(["document loaded", "hydrated"], [{ "document loaded": 50, hydrated: 40 }])[0]?.p50Ms).toBe(-10);
  });
});

describe("the record's rows of a breakdown", () => {
  it("are named by their two steps, in ms, with no target, and say how many runs they cover", () => {
    const figures = breakdownFigures([
      { from: "click", to: "request sent", p50Ms: 1, runs: 9, missing: 0 },
      { from: "request sent", to: "answered", p50Ms: 10, runs: 9, missing: 2 },
      { from: "answered", to: "rendered", p50Ms: null, runs: 9, missing: 9 },
    ]);
    expect(figures).toEqual([
      { name: "  step: click → request sent", value: 1, unit: "ms", detail: "p50 of 9 runs" },
      { name: "  step: request sent → answered", value: 10, unit: "ms", detail: "missing in 2 of 9 runs; p50 of the other 7" },
      { name: "  step: answered → rendered", value: null, unit: "ms", detail: "missing in 9 of 9 runs" },
    ]);
    expect(figures.map(verdictOf)).toEqual(["info", "info", "info"]);
  });

  it("set each step beside the same step of the floor page", () => {
    const rows = [
      { from: "document loaded", to: "hydrated", p50Ms: 40, runs: 10, missing: 0 },
      { from: "hydrated", to: "ready sent", p50Ms: 15, runs: 10, missing: 0 },
    ];
    const floorRows = [
      { from: "document loaded", to: "hydrated", p50Ms: 12.34, runs: 10, missing: 0 },
      { from: "hydrated", to: "ready sent", p50Ms: null, runs: 10, missing: 10 },
    ];
    expect(breakdownFigures(rows, floorRows).map((figure) => figure.detail)).toEqual(["p50 of 10 runs; floor 12.3 ms", "p50 of 10 runs"]);
  });
});
