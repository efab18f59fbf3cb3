import { describe, expect, it } from "vitest";
import { ENTRY_PATH, KIND_SAMPLES, SESSION_KEY, aPoll, activityDeps, anEntry, asGuest, guestClock } from "@/lib/testing/activity-fixtures";
import { aCallSession } from "@/lib/testing/call-fixtures";
import { fakeClock } from "@/lib/testing/fixtures";
import { LEASE_LAPSED } from "./verified-access";
import { enterActivity } from "./enter-activity";
import { readActivity } from "./read-activity";

describe("the poll as the page polls it", () => {
  it("reads the app's own store only: no campus request", async () => {
    const { deps, campus } = activityDeps({ routes: { [ENTRY_PATH]: () => Response.json(anEntry()) } });
    await aPoll(deps);
    const { credentials } = await aCallSession(deps);
    await enterActivity(credentials, deps);
    const asked = campus.requests.length;
    await deps.activities.vote(SESSION_KEY, "usr_grace", 1);
    expect(await readActivity(credentials, deps)).toMatchObject({ state: "joined", activity: { votes: [{ userId: "usr_grace", option: 1 }], version: 1 } });
    expect(campus.requests).toHaveLength(asked);
  });

  it("`none` before any activity", async () => {
    const { deps } = activityDeps();
    const { credentials } = await aCallSession(deps);
    expect(await readActivity(credentials, deps)).toEqual({ state: "none" });
  });

  it("spec 3: a lease that ran out without a recheck has ended access, even before the campus is asked", async () => {
    const clock = fakeClock();
    const { deps } = activityDeps({ routes: { [ENTRY_PATH]: () => Response.json(anEntry()) }, now: clock.now });
    await aPoll(deps);
    const { credentials, sid } = await aCallSession(deps);
    await enterActivity(credentials, deps);
    clock.advance(19);
    expect(await readActivity(credentials, deps)).toMatchObject({ state: "joined" });
    clock.advance(1);
    expect(await readActivity(credentials, deps)).toEqual({ state: "ended", ended: { code: "FORBIDDEN", message: LEASE_LAPSED } });
    expect(await deps.activityAccess.get(sid)).toMatchObject({ role: "ended" });
  });

  it("a later member of the same launch inherits nothing", async () => {
    const { deps } = activityDeps();
    await aPoll(deps);
    const { credentials, sid } = await aCallSession(deps);
    await deps.activityAccess.set(sid, { role: "inviter", userId: "usr_someone_else", activityId: "act_1", sessionKey: SESSION_KEY }, 60);
    expect(await readActivity(credentials, deps)).toEqual({ state: "none" });
  });

  it("a guest who renews as the page does stays joined however long; guestClock refuses a jump past the lease, with why", async () => {
    const clock = guestClock();
    const { deps, credentials } = await asGuest({ ...KIND_SAMPLES.poll.create }, { now: clock.now });
    expect(() => clock.advance(90)).toThrow(/20 s entry lease/);
    await clock.advanceRenewing(90, () => enterActivity(credentials, deps));
    expect(await readActivity(credentials, deps)).toMatchObject({ state: "joined", activity: { kind: "poll", role: "guest" } });
  });
});
