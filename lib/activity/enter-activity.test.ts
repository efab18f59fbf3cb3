import { describe, expect, it } from "vitest";
import { ACTIVITY_PATH, ENTRY_PATH, SESSION_KEY, aPoll, activityDeps, anEntry } from "@/lib/testing/activity-fixtures";
import { aCallSession, callRequests, campusError } from "@/lib/testing/call-fixtures";
import { fakeClock } from "@/lib/testing/fixtures";
import { OTHER_MEMBER } from "./verified-access";
import { enterActivity } from "./enter-activity";

const entry = (overrides = {}) => () => Response.json(anEntry(overrides));
const ENTRY_ENDED = "The activity entry ended (leaseExpired): the entry lease lapsed without a recheck";

describe("spec 4.13: a member joins only through the verified entry of this launch", () => {
  it("keeps the verified entry in the session and shows the poll, without the key or the IDs", async () => {
    const clock = fakeClock();
    const { deps } = activityDeps({ routes: { [ENTRY_PATH]: entry() }, now: clock.now });
    await aPoll(deps);
    const { credentials, sid } = await aCallSession(deps);
    const response = await enterActivity(credentials, deps);

    expect(response).toMatchObject({ state: "joined", activity: { role: "guest", question: "What for lunch?", votes: [] } });
    expect(JSON.stringify(response)).not.toMatch(new RegExp(`${SESSION_KEY}|act_1|ent_1`));
    expect(await deps.activityAccess.get(sid)).toEqual({
      role: "guest",
      userId: "usr_ada",
      entryId: "ent_1",
      activityId: "act_1",
      sessionKey: SESSION_KEY,
      leaseExpiresAt: clock.now() + 20_000,
    });
  });

  it("a launch not opened from an invitation has no entry: `none`, and nothing is kept", async () => {
    const { deps } = activityDeps({
      routes: { [ENTRY_PATH]: () => campusError("FORBIDDEN", 403, "This launch was not opened from an accepted activity invitation") },
    });
    const { credentials, sid } = await aCallSession(deps);
    expect(await enterActivity(credentials, deps)).toEqual({ state: "none" });
    expect(await deps.activityAccess.get(sid)).toBeUndefined();
  });

  it("an entry for another member is refused: the app joins with the session's own member only", async () => {
    const { deps } = activityDeps({ routes: { [ENTRY_PATH]: entry({ userId: "usr_grace" }) } });
    await aPoll(deps);
    const { credentials, sid } = await aCallSession(deps);
    expect(await enterActivity(credentials, deps)).toEqual({ state: "none" });
    expect(await deps.activityAccess.get(sid)).toBeUndefined();
    expect(OTHER_MEMBER).toMatch(/another member/);
  });

  it("an entry whose session this app does not hold ends access", async () => {
    const { deps } = activityDeps({ routes: { [ENTRY_PATH]: entry({ sessionKey: "an-unknown-key" }) } });
    const { credentials, sid } = await aCallSession(deps);
    expect(await enterActivity(credentials, deps)).toMatchObject({ state: "ended" });
    expect(await deps.activityAccess.get(sid)).toMatchObject({ role: "ended" });
  });

  it("consent revoked: access ends, the call bindings are dropped, and the error goes on to the page", async () => {
    const { deps } = activityDeps({ routes: { [ENTRY_PATH]: () => campusError("ACCESS_REVOKED", 403) } });
    const { credentials, sid } = await aCallSession(deps, { grantId: "grt_1" });
    await expect(enterActivity(credentials, deps)).rejects.toMatchObject({ code: "ACCESS_REVOKED" });
    expect(await deps.callState.getGrant(sid)).toBeUndefined();
  });
});

describe("spec 3: the lease is rechecked while the activity continues", () => {
  it("each recheck renews the lease from before the read", async () => {
    const clock = fakeClock();
    const { deps } = activityDeps({ routes: { [ENTRY_PATH]: entry() }, now: clock.now });
    await aPoll(deps);
    const { credentials, sid } = await aCallSession(deps);
    await enterActivity(credentials, deps);
    clock.advance(10);
    await enterActivity(credentials, deps);
    expect(await deps.activityAccess.get(sid)).toMatchObject({ leaseExpiresAt: clock.now() + 20_000 });
  });

  it("a 403 after joining (lease lapsed, member left, app exit) ends access for good, with the campus's reason", async () => {
    let ended = false;
    const { deps, campus } = activityDeps({
      routes: { [ENTRY_PATH]: () => (ended ? campusError("FORBIDDEN", 403, ENTRY_ENDED) : Response.json(anEntry())) },
    });
    await aPoll(deps);
    const { credentials, sid } = await aCallSession(deps);
    await enterActivity(credentials, deps);
    ended = true;
    expect(await enterActivity(credentials, deps)).toEqual({ state: "ended", ended: { code: "FORBIDDEN", message: ENTRY_ENDED } });
    const access = await deps.activityAccess.get(sid);
    expect(access).toMatchObject({ role: "ended", code: "FORBIDDEN", message: ENTRY_ENDED });
    expect(JSON.stringify(access)).not.toContain(SESSION_KEY);

    // Ended is final in this launch: the campus is not asked again.
    const asked = callRequests(campus.requests).length;
    expect(await enterActivity(credentials, deps)).toMatchObject({ state: "ended" });
    expect(callRequests(campus.requests)).toHaveLength(asked);
  });

  it("a 503 keeps access: the page retries before the lease lapses", async () => {
    let failing = false;
    const { deps } = activityDeps({ routes: { [ENTRY_PATH]: () => (failing ? campusError("INTERNAL_SERVER_ERROR", 503) : Response.json(anEntry())) } });
    await aPoll(deps);
    const { credentials, sid } = await aCallSession(deps);
    await enterActivity(credentials, deps);
    failing = true;
    await expect(enterActivity(credentials, deps)).rejects.toMatchObject({ code: "INTERNAL_SERVER_ERROR" });
    expect(await deps.activityAccess.get(sid)).toMatchObject({ role: "guest" });
  });

  it("the inviter has no entry: its recheck reads the registration (spec 4.12)", async () => {
    const { deps, campus } = activityDeps({ routes: { [ACTIVITY_PATH]: () => Response.json({ activityId: "act_1", label: "Lunch", callId: "call_1" }) } });
    await aPoll(deps);
    const { credentials, sid } = await aCallSession(deps);
    await deps.activityAccess.set(sid, { role: "inviter", userId: "usr_ada", activityId: "act_1", sessionKey: SESSION_KEY }, 60);
    expect(await enterActivity(credentials, deps)).toMatchObject({ state: "joined", activity: { role: "inviter" } });
    expect(callRequests(campus.requests)).toEqual(["GET /v1/apps/calls/activities/act_1"]);
  });
});
