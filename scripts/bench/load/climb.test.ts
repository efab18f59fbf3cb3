import { describe, expect, it } from "vitest";
import { climber, type PassResult } from "./climb";
import type { ClimbPlan, LoadStep } from "./load-run";

/** A step as a load run reports it; a climb reads only the visitors, whether it held, and whether it counted. */
function step(visitors: number, held: boolean, warmUp = false): LoadStep {
  const quiet = { requestsPerSecond: 0, p50Ms: 0, p99Ms: 0, maxGapMs: 0, failures: 0, appRssMb: 0, machineBusy: 0, cores: {}, restored: 0 };
  return { ...quiet, visitors, held, warmUp };
}

/**
 * A pass that holds up to `edge` visitors, or `edge` for each pass in turn, run through the plan
 * the climb gives it; `warmUpMisses` lists warm-up steps missed anyway, as a stall does.
 */
function passes(edges: number[], warmUpMisses: number[] = []) {
  const plans: (ClimbPlan | undefined)[] = [];
  const run = async (plan?: ClimbPlan): Promise<PassResult> => {
    plans.push(plan);
    const edge = edges[plans.length - 1]!;
    const steps: LoadStep[] = (plan?.warmUp ?? []).map((visitors) => step(visitors, !warmUpMisses.includes(visitors), true));
    for (const visitors of plan?.steps ?? [1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000]) {
      steps.push(step(visitors, visitors <= edge));
      if (visitors > edge) break;
    }
    const held = steps.filter((s) => s.held && !s.warmUp).at(-1)?.visitors ?? 0;
    return { steps, held, idleRssMb: plans.length * 100 };
  };
  return { run, plans };
}

describe("a load climb in two passes", () => {
  it("narrows the figure to 250 visitors on fresh processes warmed up on the steps the first held", async () => {
    const { run, plans } = passes([5400, 5600]);
    const climb = climber(() => {}, "app", run);
    const result = await climb.finer(await climb.first());
    expect(result.held).toBe(5500);
    expect(plans[1]?.warmUp).toEqual([1000, 2000, 3000, 4000, 5000]);
    // The first pass's steps, then only the counted steps of the second; the first pass's idle memory.
    expect(result.steps.map((s) => s.visitors)).toEqual([1000, 2000, 3000, 4000, 5000, 6000, 5250, 5500, 5750]);
    expect(result.idleRssMb).toBe(100);
  });

  it("goes past the step the first pass missed when that miss was a stall", async () => {
    const { run } = passes([3100, 6300], [2000]);
    const climb = climber(() => {}, "app", run);
    expect((await climb.finer(await climb.first())).held).toBe(6250);
  });

  it("keeps the first pass's figure when the fresh processes hold less", async () => {
    const { run } = passes([5400, 4000]);
    const climb = climber(() => {}, "app", run);
    const result = await climb.finer(await climb.first());
    expect(result.held).toBe(5000);
    expect(result.idleRssMb).toBe(100);
  });

  it("climbs the steps given by 1,000 in its first pass, and runs no second pass for steps chosen by hand", async () => {
    const { run, plans } = passes([2500]);
    const climb = climber(() => {}, "app", run, { coarse: [2000, 3000], oneCoarsePass: true });
    const result = await climb.finer(await climb.first());
    expect(plans).toHaveLength(1);
    expect(result.held).toBe(2000);
  });

  it("says which pass runs, and the steps its fresh processes warm up on", async () => {
    const notes: string[] = [];
    const climb = climber((line) => notes.push(line), "The floor", passes([1500, 1500]).run);
    await climb.finer(await climb.first());
    expect(notes).toEqual(["The floor; by 1,000:", "The floor; by 250 from 1250, on fresh processes that climb 1000 first:"]);
  });
});
