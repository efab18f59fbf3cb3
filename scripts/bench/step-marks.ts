// Reads the timing marks of lib/client/timing/timing-marks.ts from the app frame, for breakdown.ts.
import type { Frame } from "@playwright/test";
import { DOCUMENT_LOADED, markName } from "../../lib/client/timing/timing-marks";
import type { StepTimes } from "./breakdown";

/** How long the last step's mark may follow what the bench waited for (the view, the status on screen). */
const LAST_MARK_TIMEOUT_MS = 5_000;

/** What a frame holds of its timing: its load event (0 before it) and every mark, in order. */
export type FrameMarks = { loadEventStart: number; marks: [name: string, startTime: number][] };

/**
 * Each step's first mark at or after `since` (the frame's clock), and "document loaded" as the
 * navigation's load event. A step without a mark is left undefined: the breakdown counts it missing.
 */
export function stepTimesOf({ loadEventStart, marks }: FrameMarks, steps: readonly string[], since = 0): StepTimes {
  return Object.fromEntries(
    steps.map((step) => {
      if (step === DOCUMENT_LOADED) return [step, loadEventStart > 0 ? loadEventStart : undefined];
      return [step, marks.find(([name, startTime]) => name === markName(step) && startTime >= since)?.[1]];
    }),
  );
}

/** The frame's load event and marks, read in it. */
export function readFrameMarks(frame: Frame): Promise<FrameMarks> {
  return frame.evaluate(() => {
    const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
    return {
      loadEventStart: navigation?.loadEventStart ?? 0,
      marks: performance.getEntriesByType("mark").map((entry): [string, number] => [entry.name, entry.startTime]),
    };
  });
}

/** The steps' times in the frame now (stepTimesOf). */
export async function readStepTimes(frame: Frame, steps: readonly string[], since = 0): Promise<StepTimes> {
  return stepTimesOf(await readFrameMarks(frame), steps, since);
}

/**
 * Watches a frame for a step's mark at or after `since`, set up before the action it follows, and
 * gives the wait for it, to await after the action. A PerformanceObserver in the frame resolves it:
 * nothing polls there while the step is timed (waitForFunction would evaluate its predicate in the
 * frame at every animation frame, within the steps it times). A mark that never comes (after
 * LAST_MARK_TIMEOUT_MS) is a missing step, not a failed run.
 */
export async function watchStepMark(frame: Frame, step: string, since: number): Promise<() => Promise<void>> {
  const key = `${markName(step)}@${since}`;
  await frame.evaluate(
    ({ mark, since, key, timeoutMs }) => {
      // A method, not a function bound to a name: tsx wraps those in a helper (__name) the page lacks.
      const marks = {
        seen(entries: PerformanceEntryList) {
          return entries.some((entry) => entry.name === mark && entry.startTime >= since);
        },
      };
      (window as unknown as Record<string, Promise<void>>)[key] = new Promise<void>((resolve) => {
        if (marks.seen(performance.getEntriesByType("mark"))) return resolve();
        const timer = setTimeout(resolve, timeoutMs);
        new PerformanceObserver((list, observer) => {
          if (!marks.seen(list.getEntries())) return;
          observer.disconnect();
          clearTimeout(timer);
          resolve();
        }).observe({ type: "mark" });
      });
    },
    { mark: markName(step), since, key, timeoutMs: LAST_MARK_TIMEOUT_MS },
  );
  // Taken off the window as it is awaited: each command leaves nothing behind in the frame.
  return () =>
    frame.evaluate((key) => {
      const held = window as unknown as Record<string, Promise<void>>;
      const marked = held[key];
      delete held[key];
      return marked;
    }, key);
}

/** The frame's clock now, for `since`. */
export function frameNow(frame: Frame): Promise<number> {
  return frame.evaluate(() => performance.now());
}
