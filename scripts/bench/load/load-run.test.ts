import { describe, expect, it } from "vitest";
import { finerSteps, largestRssMb, warmUpSteps } from "./load-run";

const step = (visitors: number, held: boolean) => ({ visitors, held });

describe("the finer pass of a load run", () => {
  it("climbs by 250 from the last step held to below the first missed", () => {
    expect(finerSteps([step(1000, true), step(2000, true), step(3000, false)])).toEqual([2250, 2500, 2750]);
  });

  it("starts from nothing when the first step missed", () => {
    expect(finerSteps([step(1000, false)])).toEqual([250, 500, 750]);
  });

  it("has no steps when no step missed", () => {
    expect(finerSteps([step(1000, true), step(2000, true)])).toEqual([]);
  });
});

describe("the climb of fresh processes before the finer pass", () => {
  it("climbs the steps the first pass held, and only those", () => {
    expect(warmUpSteps([step(1000, true), step(2000, true), step(3000, false)])).toEqual([1000, 2000]);
  });

  it("is empty when the first step missed", () => {
    expect(warmUpSteps([step(1000, false)])).toEqual([]);
  });
});

describe("the resident memory of a server", () => {
  it("is the largest process of the group it leads, not its launcher", () => {
    const ps = " 4100  91000\n 4100 356352\n 4100  60000\n 5200 900000\n";
    expect(largestRssMb(ps, 4100)).toBe(348);
  });

  it("is nothing for a group that is gone", () => {
    expect(largestRssMb(" 5200 900000\n", 4100)).toBe(0);
  });
});
