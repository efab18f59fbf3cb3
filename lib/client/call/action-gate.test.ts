import { describe, expect, it } from "vitest";
import { BUSY_SHOWN_AFTER_MS, createActionGate, type Schedule } from "./action-gate";

/** A schedule the test runs by hand: what is due, and whether it was cancelled. */
function manualSchedule() {
  const due: { run: () => void; ms: number; cancelled: boolean }[] = [];
  const schedule: Schedule = (run, ms) => {
    const entry = { run, ms, cancelled: false };
    due.push(entry);
    return () => {
      entry.cancelled = true;
    };
  };
  const fire = () => due.filter((entry) => !entry.cancelled).forEach((entry) => entry.run());
  return { schedule, due, fire };
}

describe("createActionGate", () => {
  it("shows an action busy only once it has run a while, and idle again when it ends", () => {
    const shown: (string | null)[] = [];
    const clock = manualSchedule();
    const gate = createActionGate((control) => shown.push(control), clock.schedule);

    const leave = gate.enter("playback");
    expect(leave).not.toBeNull();
    expect(clock.due.map((entry) => entry.ms)).toEqual([BUSY_SHOWN_AFTER_MS]);
    expect(shown).toEqual([]);

    clock.fire();
    expect(shown).toEqual(["playback"]);
    leave!();
    expect(shown).toEqual(["playback", null]);
  });

  it("shows nothing for an action that ends before the delay", () => {
    const shown: (string | null)[] = [];
    const clock = manualSchedule();
    const gate = createActionGate((control) => shown.push(control), clock.schedule);

    gate.enter("playback")!();
    clock.fire();
    expect(clock.due[0]!.cancelled).toBe(true);
    expect(shown).toEqual([]);
  });

  it("refuses a second action while one runs, shown busy or not, and takes one after it ends", () => {
    const clock = manualSchedule();
    const gate = createActionGate(() => undefined, clock.schedule);

    const leave = gate.enter("playback");
    expect(gate.enter("action:leave")).toBeNull();
    clock.fire();
    expect(gate.enter("action:leave")).toBeNull();
    leave!();
    expect(gate.enter("action:leave")).not.toBeNull();
  });
});
