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

/** What the gate signalled, in order: "marked" and "unmarked" for assistive technology, then each control shown busy (null: none). */
function recordedSignals() {
  const signals: (string | null)[] = [];
  return {
    signals,
    mark: () => {
      signals.push("marked");
      return () => void signals.push("unmarked");
    },
    show: (control: string | null) => void signals.push(control),
  };
}

describe("createActionGate", () => {
  it("marks an action busy for assistive technology at once, shows it busy only once it has run a while, and clears both when it ends", () => {
    const recorded = recordedSignals();
    const clock = manualSchedule();
    const gate = createActionGate(recorded, clock.schedule);

    const leave = gate.enter("playback");
    expect(leave).not.toBeNull();
    expect(recorded.signals).toEqual(["marked"]);
    expect(clock.due.map((entry) => entry.ms)).toEqual([BUSY_SHOWN_AFTER_MS]);

    clock.fire();
    expect(recorded.signals).toEqual(["marked", "playback"]);
    leave!();
    expect(recorded.signals).toEqual(["marked", "playback", "unmarked", null]);
  });

  it("an action that ends before the delay is marked and unmarked, and never shown", () => {
    const recorded = recordedSignals();
    const clock = manualSchedule();
    const gate = createActionGate(recorded, clock.schedule);

    gate.enter("playback")!();
    clock.fire();
    expect(clock.due[0]!.cancelled).toBe(true);
    expect(recorded.signals).toEqual(["marked", "unmarked"]);
  });

  it("refuses a second action while one runs, shown busy or not, without marking anything for it; takes one after it ends", () => {
    const recorded = recordedSignals();
    const clock = manualSchedule();
    const gate = createActionGate(recorded, clock.schedule);

    const leave = gate.enter("playback");
    expect(gate.enter("action:leave")).toBeNull();
    clock.fire();
    expect(gate.enter("action:leave")).toBeNull();
    expect(recorded.signals).toEqual(["marked", "playback"]);
    leave!();
    expect(gate.enter("action:leave")).not.toBeNull();
    expect(recorded.signals).toEqual(["marked", "playback", "unmarked", null, "marked"]);
  });
});
