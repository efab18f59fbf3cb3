import { describe, expect, it } from "vitest";
import { DOCUMENT_LOADED, markName } from "../../lib/client/timing/timing-marks";
import { stepTimesOf } from "./step-marks";

describe("stepTimesOf", () => {
  const steps = [DOCUMENT_LOADED, "hydrated", "ready sent"];

  it("takes the load event for 'document loaded' and each step's first mark", () => {
    const marks: [string, number][] = [
      [markName("hydrated"), 40],
      ["next-hydration", 41],
      [markName("ready sent"), 45],
      [markName("ready sent"), 90],
    ];
    expect(stepTimesOf({ loadEventStart: 30, marks }, steps)).toEqual({ [DOCUMENT_LOADED]: 30, hydrated: 40, "ready sent": 45 });
  });

  it("takes only marks at or after `since`, and leaves a step without one undefined", () => {
    const marks: [string, number][] = [
      [markName("hydrated"), 40],
      [markName("ready sent"), 45],
      [markName("ready sent"), 90],
    ];
    expect(stepTimesOf({ loadEventStart: 30, marks }, steps, 50)).toEqual({ [DOCUMENT_LOADED]: 30, hydrated: undefined, "ready sent": 90 });
  });

  it("counts no load event before the frame has one", () => {
    expect(stepTimesOf({ loadEventStart: 0, marks: [] }, steps)[DOCUMENT_LOADED]).toBeUndefined();
  });

  it("ignores a mark named as a step without the app's prefix", () => {
    expect(stepTimesOf({ loadEventStart: 1, marks: [["hydrated", 5]] }, steps).hydrated).toBeUndefined();
  });
});
