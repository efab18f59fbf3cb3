import { describe, expect, it } from "vitest";
import { RATE_LIMITS } from "@/lib/shared/app-limits";
import {
  ACTIVITY_PATH,
  ENTRY_PATH,
  KIND_SAMPLES,
  SESSION_KEY,
  aPoll,
  activityDeps,
  anEntry,
  asOwner,
  readPoll,
  registered,
  REGISTER_PATH,
  someNotes,
} from "@/lib/testing/activity-fixtures";
import { GRANT_ID, aCallSession, callRequests } from "@/lib/testing/call-fixtures";
import { closePoll } from "./close-poll";
import { createActivity } from "./create-activity";
import { enterActivity } from "./enter-activity";
import { notOfKind } from "./joined-action";
import { NOT_OWNER } from "./owner";
import { POLL_CLOSED, castVote } from "./vote";

const readActivityOk = () => Response.json({ activityId: "act_1", label: "Lunch", callId: "call_1" });

/** Ada joined through her verified entry a poll of `ownerId`'s (spec 4.13). */
async function adaInPollOf(ownerId: string) {
  const { deps, campus } = activityDeps({ routes: { [ENTRY_PATH]: () => Response.json(anEntry()) } });
  await aPoll(deps, { ownerId });
  const { credentials } = await aCallSession(deps);
  await enterActivity(credentials, deps);
  return { deps, campus, credentials };
}

describe("only the poll's owner closes it", () => {
  it("another member is refused with 403 after the usual rechecks, and the poll stays open", async () => {
    const { deps, campus, credentials } = await adaInPollOf("usr_grace");
    const before = campus.requests.length;
    await expect(closePoll(credentials, deps)).rejects.toMatchObject({ code: "FORBIDDEN", status: 403, message: NOT_OWNER });
    expect(callRequests(campus.requests.slice(before))).toEqual(["GET /v1/apps/calls/activity-entry"]);
    expect(await readPoll(deps.activities)).toMatchObject({ closed: false, version: 0 });
  });

  it("the owner closes it from a launch joined through an entry: ownership is the member's, not the launch's role", async () => {
    const { deps, credentials } = await adaInPollOf("usr_ada");
    await castVote(credentials, { option: 1 }, deps);
    const response = await closePoll(credentials, deps);
    expect(response).toMatchObject({ state: "joined", activity: { role: "guest", owner: true, closed: true, votes: [{ userId: "usr_ada", option: 1 }], version: 2 } });
  });

  it("the member who started it owns it, and the view says so to the owner only", async () => {
    const { deps } = activityDeps({ routes: { [REGISTER_PATH]: registered, [ACTIVITY_PATH]: readActivityOk }, sessionKey: SESSION_KEY });
    const { credentials } = await aCallSession(deps, { grantId: GRANT_ID });
    const created = await createActivity(credentials, { kind: "poll", label: "Lunch", question: "What for lunch?", options: ["Soup", "Salad"] }, deps);
    expect(created).toMatchObject({ activity: { role: "inviter", owner: true, closed: false } });
    await expect(closePoll(credentials, deps)).resolves.toMatchObject({ activity: { owner: true, closed: true } });

    const guest = await adaInPollOf("usr_grace");
    await expect(enterActivity(guest.credentials, guest.deps)).resolves.toMatchObject({ activity: { role: "guest", owner: false } });
  });

  it("the owner closes it from the launch that started it, after its registration is reread", async () => {
    const { deps, campus, credentials } = await asOwner({ ...KIND_SAMPLES.poll.create });
    await expect(closePoll(credentials, deps)).resolves.toMatchObject({ activity: { role: "inviter", owner: true, closed: true, version: 1 } });
    expect(callRequests(campus.requests)).toEqual([`GET /v1/apps/calls/activities/act_1`]);
  });

  it("a closed poll keeps its votes and takes no more: 400 with why", async () => {
    const { deps, credentials } = await adaInPollOf("usr_ada");
    await deps.activities.vote(SESSION_KEY, "usr_grace", 0);
    await closePoll(credentials, deps);
    await expect(castVote(credentials, { option: 1 }, deps)).rejects.toMatchObject({ code: "BAD_USER_INPUT", status: 400, message: POLL_CLOSED });
    expect(await readPoll(deps.activities)).toMatchObject({ votes: { usr_grace: 0 }, closed: true });
  });

  it("notes are not a poll: 400", async () => {
    const { deps } = activityDeps({ routes: { [ENTRY_PATH]: () => Response.json(anEntry()) } });
    await someNotes(deps);
    const { credentials } = await aCallSession(deps);
    await enterActivity(credentials, deps);
    await expect(closePoll(credentials, deps)).rejects.toMatchObject({ code: "BAD_USER_INPUT", message: notOfKind("poll") });
  });
});

describe("closing is rate limited per member", () => {
  it(`past ${RATE_LIMITS.pollCloseByMember.points} a minute: 429`, async () => {
    const { deps, credentials } = await adaInPollOf("usr_ada");
    for (let i = 0; i < RATE_LIMITS.pollCloseByMember.points; i++) await closePoll(credentials, deps);
    await expect(closePoll(credentials, deps)).rejects.toMatchObject({ code: "RATE_LIMITED", status: 429 });
  });
});
