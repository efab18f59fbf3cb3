import { describe, expect, it } from "vitest";
import { COMMAND_STATUSES, PRESENTATION_STATUSES } from "@/lib/contract";
import { isFinalStatus } from "@/lib/shared/final-status";

describe("spec 3 and 4.8: final statuses never change", () => {
  it("a presentation's: released and restored", () => {
    expect(PRESENTATION_STATUSES.filter(isFinalStatus)).toEqual(["released", "restored"]);
  });

  it("a command's: applied, declined, failed and expired", () => {
    expect(COMMAND_STATUSES.filter(isFinalStatus)).toEqual(["applied", "declined", "failed", "expired"]);
  });
});
