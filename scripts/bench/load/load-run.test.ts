import { describe, expect, it } from "vitest";
import { climbPlan, finerPlan, largestProcess, restoredUpTo, stepsFrom, type ClimbPlan } from "./load-run";

const step = (visitors: number, held: boolean) => ({ visitors, held });

const first = (plan: ClimbPlan | undefined, count: number) => plan && { warmUp: plan.warmUp, steps: [...plan.steps].slice(0, count) };

describe("the finer pass of a load run", () => {
  it("warms fresh processes up on the steps the first pass held, then climbs by 250 from the last of them", () => {
    expect(first(finerPlan([step(1000, true), step(2000, true), step(3000, false)]), 3)).toEqual({ warmUp: [1000, 2000], steps: [2250, 2500, 2750] });
  });

  it("climbs past the step the first pass missed: a stall there does not cap the figure", () => {
    expect(first(finerPlan([step(1000, true), step(2000, false)]), 8)?.steps).toEqual([1250, 1500, 1750, 2000, 2250, 2500, 2750, 3000]);
  });

  it("starts from nothing, with nothing to warm up on, when the first step missed", () => {
    expect(first(finerPlan([step(1000, false)]), 3)).toEqual({ warmUp: [], steps: [250, 500, 750] });
  });

  it("is not run when no missed step ended the first pass", () => {
    expect(finerPlan([step(1000, true), step(2000, true)])).toBeUndefined();
    expect(finerPlan([step(1000, true), step(2000, false), step(2000, true)])).toBeUndefined();
  });

  it("warms up on a step the first pass held only when measured again", () => {
    expect(first(finerPlan([step(1000, true), step(2000, false), step(2000, true), step(3000, false), step(3000, false)]), 1)).toEqual({
      warmUp: [1000, 2000],
      steps: [2250],
    });
  });
});

describe("a climb through its plan", () => {
  /** Measures every step asked for, holding the windows `held` says (by visitors, then by how many times asked), and says which were asked. */
  const climbed = async (plan: ClimbPlan, held: (visitors: number, time: number) => boolean) => {
    const asked: string[] = [];
    await climbPlan(plan, async (visitors, warmUp) => {
      const time = asked.filter((each) => each.startsWith(`${visitors}`)).length + 1;
      asked.push(`${visitors}${warmUp ? " warm-up" : ""}`);
      return { held: held(visitors, time) };
    });
    return asked;
  };
  const holding = (visitors: number[]) => (step: number) => visitors.includes(step);

  it("goes on past a warm-up step that missed, measuring it once: only a counted step ends it", async () => {
    expect(await climbed({ warmUp: [1000, 2000, 3000], steps: [3250, 3500, 3750] }, holding([1000, 3000, 3250]))).toEqual([
      "1000 warm-up",
      "2000 warm-up",
      "3000 warm-up",
      "3250",
      "3500",
      "3500",
    ]);
  });

  it("measures a counted step that missed again, and goes on if that window holds", async () => {
    const onceMissed = (visitors: number, time: number) => visitors < 3000 && !(visitors === 2000 && time === 1);
    expect(await climbed({ warmUp: [], steps: stepsFrom(1000, 1000) }, onceMissed)).toEqual(["1000", "2000", "2000", "3000", "3000"]);
  });

  it("stops at the first counted step missed twice in a row, asking no more of an endless climb", async () => {
    expect(await climbed({ warmUp: [], steps: stepsFrom(1000, 1000) }, holding([1000, 2000]))).toEqual(["1000", "2000", "3000", "3000"]);
  });
});

describe("the presentations a load run says the campus restored", () => {
  const windows = [{ restored: 0 }, { restored: 2 }, { restored: 0 }, { restored: 5 }];

  it("counts every window up to the last step held, a missed one measured again included", () => {
    expect(restoredUpTo(windows, windows[2])).toBe(2);
  });

  it("counts none past the last step held, and none when no step held", () => {
    expect(restoredUpTo(windows, windows[0])).toBe(0);
    expect(restoredUpTo(windows, undefined)).toBe(0);
  });
});

describe("the resident memory of a server", () => {
  it("is the largest process of the group it leads, not its launcher", () => {
    const ps = " 4100 4100  91000\n 4100 4107 356352\n 4100 4102  60000\n 5200 5200 900000\n";
    expect(largestProcess(ps, 4100)).toEqual({ pid: 4107, rssMb: 348 });
  });

  it("is nothing for a group that is gone", () => {
    expect(largestProcess(" 5200 5200 900000\n", 4100)).toEqual({ pid: 0, rssMb: 0 });
  });
});
