// Reads the timing marks of lib/client/timing/timing-marks.ts from the app frame, for breakdown.ts.
import { errors, type Frame } from "@playwright/test";
import { DOCUMENT_LOADED, markName } from "../../lib/client/timing/timing-marks";
import type { StepTimes } from "./breakdown";

/** How long the last step's mark may follow what the bench waited for (the view, the status on screen). */
const LAST_MARK_TIMEOUT_MS = 5_000;

/**
 * Each step's first mark at or after `since` (the frame's clock), and "document loaded" as the
 * navigation's load event. A step without a mark is left undefined: the breakdown counts it missing.
 */
export async function readStepTimes(frame: Frame, steps: readonly string[], since = 0): Promise<StepTimes> {
  const named = steps.map((step) => ({ step, mark: step === DOCUMENT_LOADED ? null : markName(step) }));
  const found = await frame.evaluate(
    ({ named, since }) =>
      named.map(({ step, mark }) => {
        if (mark === null) {
          const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
          return [step, navigation && navigation.loadEventStart > 0 ? navigation.loadEventStart : null] as const;
        }
        const first = performance.getEntriesByName(mark, "mark").find((entry) => entry.startTime >= since);
        return [step, first ? first.startTime : null] as const;
      }),
    { named, since },
  );
  return Object.fromEntries(found.map(([step, time]) => [step, time ?? undefined]));
}

/**
 * Waits for a step's mark at or after `since`: an effect marks the last step just after the
 * commit the bench saw. A mark that never comes is a missing step, not a failed run.
 */
export async function waitForStepMark(frame: Frame, step: string, since = 0): Promise<void> {
  try {
    await frame.waitForFunction(
      ({ mark, since }) => performance.getEntriesByName(mark, "mark").some((entry) => entry.startTime >= since),
      { mark: markName(step), since },
      { timeout: LAST_MARK_TIMEOUT_MS },
    );
  } catch (error) {
    if (!(error instanceof errors.TimeoutError)) throw error;
  }
}

/** The frame's clock now, for `since`. */
export function frameNow(frame: Frame): Promise<number> {
  return frame.evaluate(() => performance.now());
}
