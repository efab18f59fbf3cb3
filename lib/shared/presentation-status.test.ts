import { describe, expect, it } from "vitest";
import { RESTORED_REASONS } from "@/lib/contract";
import { isStatusProgress, restoredReasonFromMessage } from "@/lib/shared/presentation-status";

describe("spec 3 'Presentation status'", () => {
  it("an open presentation only moves forward; a final one never changes", () => {
    expect(isStatusProgress("preparing", "commitRequested")).toBe(true);
    expect(isStatusProgress("commitRequested", "app")).toBe(true);
    expect(isStatusProgress("app", "app")).toBe(true);
    expect(isStatusProgress("commitRequested", "preparing")).toBe(false);
    expect(isStatusProgress("app", "restored")).toBe(true);
    expect(isStatusProgress("released", "app")).toBe(false);
  });

  it.each(RESTORED_REASONS)("reads the restored reason %s from a 409's message", (reason) => {
    expect(restoredReasonFromMessage(`presentation restored (${reason}): prepare a new one`)).toBe(reason);
  });

  it("no known reason in the message: null", () => {
    expect(restoredReasonFromMessage("There is no presentation in this session; start one")).toBeNull();
    expect(restoredReasonFromMessage("restored (memberLeftEarly)")).toBeNull();
  });
});
