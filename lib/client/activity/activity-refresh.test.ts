import { describe, expect, it } from "vitest";
import type { ActivityResponse } from "@/lib/wire/activity-routes";
import { LIMITS } from "@/lib/contract";
import { ACTIVITY_REFRESH_MS, LEASE_RECHECK_MS, LEASE_RECHECKS_PER_MINUTE, activityRefreshMs, needsLeaseRecheck, newerActivity } from "./activity-refresh";

const joined = (role: "inviter" | "guest", version = 0): ActivityResponse => ({
  state: "joined",
  activity: { kind: "poll", role, owner: role === "inviter", label: "L", question: "Q", options: ["a", "b"], votes: [], closed: false, version },
});

describe("how often the activity view asks", () => {
  it("polls the poll every 2 s only while joined", () => {
    expect(activityRefreshMs(joined("guest"))).toBe(ACTIVITY_REFRESH_MS);
    expect(activityRefreshMs({ state: "none" })).toBe(0);
    expect(activityRefreshMs({ state: "ended", ended: { code: "FORBIDDEN", message: "m" } })).toBe(0);
    expect(activityRefreshMs(undefined)).toBe(0);
  });

  it("spec 3: a guest rechecks the 20-second lease twice per lease, so one failed recheck can be retried in time", () => {
    expect(LEASE_RECHECK_MS * 2).toBeLessThanOrEqual(LIMITS.activityEntryLeaseSeconds * 1000);
    expect(LEASE_RECHECKS_PER_MINUTE).toBe(6);
    expect(needsLeaseRecheck(joined("guest"))).toBe(true);
    expect(needsLeaseRecheck(joined("inviter"))).toBe(false);
    expect(needsLeaseRecheck({ state: "none" })).toBe(false);
  });
});

describe("the view never goes back to an older poll", () => {
  it("keeps the newer version when a read that left before a vote answers after it", () => {
    expect(newerActivity(joined("guest", 3), joined("guest", 2))).toEqual(joined("guest", 3));
    expect(newerActivity(joined("guest", 3), joined("guest", 4))).toEqual(joined("guest", 4));
  });

  it("always shows a change of state", () => {
    const ended: ActivityResponse = { state: "ended", ended: { code: "FORBIDDEN", message: "m" } };
    expect(newerActivity(joined("guest", 3), ended)).toBe(ended);
    expect(newerActivity(joined("guest", 3), joined("inviter", 0))).toEqual(joined("inviter", 0));
    expect(newerActivity(undefined, joined("guest", 0))).toEqual(joined("guest", 0));
  });

  it("always shows an activity of another kind, whatever its version", () => {
    const notes: ActivityResponse = { state: "joined", activity: { kind: "notes", role: "guest", owner: false, label: "L", topic: "T", notes: [], version: 0 } };
    expect(newerActivity(joined("guest", 3), notes)).toBe(notes);
  });
});
