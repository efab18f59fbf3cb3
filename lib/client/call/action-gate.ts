/** How long an action runs before its controls are shown busy. */
export const BUSY_SHOWN_AFTER_MS = 200;

/** Runs `run` after `ms`; the function it returns cancels it. */
export type Schedule = (run: () => void, ms: number) => () => void;

const scheduleTimeout: Schedule = (run, ms) => {
  const timer = setTimeout(run, ms);
  return () => clearTimeout(timer);
};

export type ActionSignals = {
  /** Marks the controls busy for assistive technology at once; the function it returns removes the mark. */
  mark: () => () => void;
  /** Shows `control` busy (dimmed, "Asking the campus…"), or none with null. */
  show: (control: string | null) => void;
};

/**
 * One user action at a time. Assistive technology hears of it at once (`mark`: aria-busy written
 * into the DOM, lib/client/call/busy-mark.ts, which renders nothing); only what is seen waits until
 * the action has run for BUSY_SHOWN_AFTER_MS. Most commands answer well within that, and showing
 * them busy would disable every call control and enable it again a moment later: a flicker for the
 * member, and a render of the whole call view that takes the cores the request needs
 * (docs/performance.md, "The command"). A second action while one runs is refused whether or not
 * the first is shown busy yet.
 */
export function createActionGate(signals: ActionSignals, schedule: Schedule = scheduleTimeout) {
  let running = false;
  return {
    /** Takes the gate for `control`: the function that releases it, or null while another action holds it. */
    enter(control: string): (() => void) | null {
      if (running) return null;
      running = true;
      const unmark = signals.mark();
      let shown = false;
      const cancel = schedule(() => {
        shown = true;
        signals.show(control);
      }, BUSY_SHOWN_AFTER_MS);
      return () => {
        cancel();
        running = false;
        unmark();
        if (shown) signals.show(null);
      };
    },
  };
}

export type ActionGate = ReturnType<typeof createActionGate>;
