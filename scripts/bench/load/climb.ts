import { FINE_STEP, finerPlan, type ClimbPlan, type LoadStep } from "./load-run";

/** What a pass of a climb gives back: its steps (warm-up ones flagged) and the last counted step held. */
export type PassResult = { steps: LoadStep[]; held: number; idleRssMb: number };

/**
 * A load run in two passes, each on processes started for it by `run`: `first` by 1,000 visitors
 * (`coarse`, or the run's own steps) until a step is missed (climbPlan, load-run.ts), then `finer`
 * as finerPlan (load-run.ts) says. The figure is the most visitors either pass held. The passes are
 * apart so that the bench can interleave one climb's with another's. `oneCoarsePass` (LOAD_STEPS
 * chose the steps) runs the steps given alone.
 */
export function climber<Result extends PassResult>(
  note: (line: string) => void,
  what: string,
  run: (plan?: ClimbPlan) => Promise<Result>,
  { coarse, oneCoarsePass = false }: { coarse?: Iterable<number>; oneCoarsePass?: boolean } = {},
) {
  return {
    async first(): Promise<Result> {
      note(`${what}; by 1,000:`);
      return run(coarse && { warmUp: [], steps: coarse });
    },
    async finer(first: Result): Promise<Result> {
      const plan = oneCoarsePass ? undefined : finerPlan(first.steps);
      if (!plan) return first;
      note(`${what}; by ${FINE_STEP} from ${(plan.warmUp.at(-1) ?? 0) + FINE_STEP}, on fresh processes that climb ${plan.warmUp.join(", ") || "nothing"} first:`);
      const second = await run(plan);
      const counted = second.steps.filter((step) => !step.warmUp);
      // Only a finer step held lifts the figure: fresh processes that missed sooner leave the first pass's.
      const better = second.held > first.held ? second : first;
      return { ...better, steps: [...first.steps, ...counted], idleRssMb: first.idleRssMb };
    },
  };
}
