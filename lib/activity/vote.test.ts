import { describe, expect, it } from "vitest";
import { RATE_LIMITS } from "@/lib/shared/app-limits";
import { ACTIVITY_PATH, ENTRY_PATH, SESSION_KEY, aPoll, activityDeps, anEntry, readPoll } from "@/lib/testing/activity-fixtures";
import { aCallSession, callRequests, campusError } from "@/lib/testing/call-fixtures";
import { castVote } from "./vote";
import { NOT_JOINED } from "./joined-action";
import { enterActivity } from "./enter-activity";

const readActivityOk = () => Response.json({ activityId: "act_1", label: "Lunch", callId: "call_1" });

/** A guest session that joined through a verified entry; `entryAnswers` answers the rechecks after the join. */
async function aGuest(entryAnswers: () => Response = () => Response.json(anEntry())) {
  let joined = false;
  const { deps, campus } = activityDeps({
    routes: {
      [ENTRY_PATH]: () => {
        if (joined) return entryAnswers();
        joined = true;
        return Response.json(anEntry());
      },
    },
  });
  await aPoll(deps);
  const { credentials, sid } = await aCallSession(deps);
  await enterActivity(credentials, deps);
  return { deps, campus, credentials, sid };
}

describe("votes are keyed by the verified userId only", () => {
  it("records the session's member's vote, and a second vote changes it", async () => {
    const { deps, credentials } = await aGuest();
    await castVote(credentials, { option: 0 }, deps);
    const response = await castVote(credentials, { option: 1 }, deps);
    expect(response).toMatchObject({ state: "joined", activity: { votes: [{ userId: "usr_ada", option: 1 }], version: 2 } });
    expect((await readPoll(deps.activities))?.votes).toEqual({ usr_ada: 1 });
  });

  it("members see each other's votes", async () => {
    const { deps, credentials } = await aGuest();
    await deps.activities.vote(SESSION_KEY, "usr_grace", 0);
    const response = await castVote(credentials, { option: 1 }, deps);
    expect(response).toMatchObject({ activity: { votes: [{ userId: "usr_ada", option: 1 }, { userId: "usr_grace", option: 0 }] } });
  });

  it("an option the poll does not have is 400", async () => {
    const { deps, credentials } = await aGuest();
    await expect(castVote(credentials, { option: 5 }, deps)).rejects.toMatchObject({ code: "BAD_USER_INPUT" });
  });

  it("without an activity in this launch: CALL_CONFLICT, and the campus is not asked", async () => {
    const { deps, campus } = activityDeps();
    const { credentials } = await aCallSession(deps);
    await expect(castVote(credentials, { option: 0 }, deps)).rejects.toMatchObject({ code: "CALL_CONFLICT", message: NOT_JOINED });
    expect(campus.requests).toHaveLength(0);
  });
});

describe("spec 3: each vote rechecks the lease first", () => {
  it("userinfo, then the entry read, then the vote", async () => {
    const { deps, campus, credentials } = await aGuest();
    const before = campus.requests.length;
    await castVote(credentials, { option: 0 }, deps);
    expect(campus.requests.slice(before).map((request) => new URL(request.url).pathname)).toEqual([
      "/v1/apps/userinfo",
      "/v1/apps/calls/activity-entry",
    ]);
  });

  it("a 403 on the recheck ends access: no vote, the entry leaves the session, the reason stays", async () => {
    const lapsed = "The activity entry ended (leaseExpired): the entry lease lapsed without a recheck";
    const { deps, credentials, sid } = await aGuest(() => campusError("FORBIDDEN", 403, lapsed));
    await expect(castVote(credentials, { option: 0 }, deps)).rejects.toMatchObject({ code: "FORBIDDEN", message: lapsed });
    expect((await readPoll(deps.activities))?.votes).toEqual({});
    const access = await deps.activityAccess.get(sid);
    expect(access).toEqual({ role: "ended", userId: "usr_ada", code: "FORBIDDEN", message: lapsed, endedAt: expect.any(Number) });

    // Ended for good in this launch: the next vote is refused without asking the campus.
    await expect(castVote(credentials, { option: 0 }, deps)).rejects.toMatchObject({ code: "FORBIDDEN", message: lapsed });
  });

  it("the inviter's vote rechecks the registration (active grant and approval, spec 4.12)", async () => {
    const { deps, campus } = activityDeps({ routes: { [ACTIVITY_PATH]: readActivityOk } });
    await aPoll(deps);
    const { credentials, sid } = await aCallSession(deps);
    await deps.activityAccess.set(sid, { role: "inviter", userId: "usr_ada", activityId: "act_1", sessionKey: SESSION_KEY }, 60);
    await castVote(credentials, { option: 1 }, deps);
    expect(callRequests(campus.requests)).toEqual(["GET /v1/apps/calls/activities/act_1"]);
    expect((await readPoll(deps.activities))?.votes).toEqual({ usr_ada: 1 });
  });

  it("the inviter who left the call loses access on the next vote", async () => {
    const { deps } = activityDeps({ routes: { [ACTIVITY_PATH]: () => campusError("FORBIDDEN", 403, "not in the activity's call") } });
    await aPoll(deps);
    const { credentials, sid } = await aCallSession(deps);
    await deps.activityAccess.set(sid, { role: "inviter", userId: "usr_ada", activityId: "act_1", sessionKey: SESSION_KEY }, 60);
    await expect(castVote(credentials, { option: 1 }, deps)).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await deps.activityAccess.get(sid)).toMatchObject({ role: "ended", message: "not in the activity's call" });
  });
});

describe("votes are rate limited per member", () => {
  it(`past ${RATE_LIMITS.voteByMember.points} a minute: 429 with Retry-After, and the poll is not touched`, async () => {
    const { deps, credentials } = await aGuest();
    for (let i = 0; i < RATE_LIMITS.voteByMember.points; i++) await castVote(credentials, { option: i % 2 }, deps);
    const before = await deps.activities.read(SESSION_KEY);
    const refused = castVote(credentials, { option: 0 }, deps);
    await expect(refused).rejects.toMatchObject({ code: "RATE_LIMITED", status: 429 });
    await expect(refused).rejects.toHaveProperty("retryAfterSeconds", expect.any(Number));
    expect((await deps.activities.read(SESSION_KEY))?.version).toBe(before?.version);
  });
});
