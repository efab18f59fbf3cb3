import { describe, expect, it } from "vitest";
import { ratioOf, verdictOf, type Figure } from "./record";

const heartbeat = (value: number | null, floor: number | null): Figure => ({
  name: "Heartbeat through the app, p50",
  value,
  unit: "ms",
  floor: { value: floor, what: "an empty API route + a heartbeat straight to the campus" },
  target: { limit: 1.1 },
});

describe("a figure with a floor is judged by its ratio to it", () => {
  it("holds on a slow machine as on a fast one: only the ratio counts", () => {
    expect(verdictOf(heartbeat(2.2, 2.0))).toBe("ok");
    expect(verdictOf(heartbeat(8.8, 8.0))).toBe("ok");
    expect(verdictOf(heartbeat(2.4, 2.0))).toBe("OVER");
    expect(ratioOf(heartbeat(2.4, 2.0))).toBeCloseTo(1.2);
  });

  it("a capacity must reach its share of the floor", () => {
    const capacity = (value: number, floor: number): Figure => ({ name: "visitors", value, unit: "", floor: { value: floor, what: "empty route" }, target: { limit: 0.8, higherIsBetter: true } });
    expect(verdictOf(capacity(4000, 5000))).toBe("ok");
    expect(verdictOf(capacity(3000, 5000))).toBe("UNDER");
  });

  it("misses its target when the figure or its floor was not measured", () => {
    expect(ratioOf(heartbeat(null, 2.0))).toBeNull();
    expect(verdictOf(heartbeat(null, 2.0))).toBe("OVER");
    expect(verdictOf(heartbeat(2.0, null))).toBe("OVER");
    expect(verdictOf(heartbeat(2.0, 0))).toBe("OVER");
  });

  it("a figure without a floor is judged by its value, as before", () => {
    expect(ratioOf({ name: "x", value: 120, unit: "ms", target: { limit: 150 } })).toBeUndefined();
    expect(verdictOf({ name: "x", value: 120, unit: "ms", target: { limit: 150 } })).toBe("ok");
  });
});
