/** How long an action runs before its controls show it busy. */
export const BUSY_SHOWN_AFTER_MS = 200;

/** Runs `run` after `ms`; the function it returns cancels it. */
export type Schedule = (run: () => void, ms: number) => () => void;

const scheduleTimeout: Schedule = (run, ms) => {
  const timer = setTimeout(run, ms);
  return () => clearTimeout(timer);
};

/**
 * One user action at a time, shown busy only once it has run for BUSY_SHOWN_AFTER_MS. Most
 * commands answer well within that, and showing them busy would disable every call control and
 * enable it again a moment later: a flicker for the member, and a render of the whole call view
 * that takes the cores the request needs (docs/performance.md, "The command"). A second action
 * while one runs is refused whether or not the first is shown busy yet.
 */
export function createActionGate(show: (control: string | null) => void, schedule: Schedule = scheduleTimeout) {
  let running = false;
  return {
    /** Takes the gate for `control`: the function that releases it, or null while another action holds it. */
    enter(control: string): (() => void) | null {
      if (running) return null;
      running = true;
      let shown = false;
      const cancel = schedule(() => {
        shown = true;
        show(control);
      }, BUSY_SHOWN_AFTER_MS);
      return () => {
        cancel();
        running = false;
        if (shown) show(null);
      };
    },
  };
}

export type ActionGate = ReturnType<typeof createActionGate>;
