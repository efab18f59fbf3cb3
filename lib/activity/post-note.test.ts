import { describe, expect, it } from "vitest";
import { RATE_LIMITS } from "@/lib/shared/app-limits";
import { NOTES_LIMITS } from "@/lib/shared/notes";
import { ACTIVITY_PATH, ENTRY_PATH, SESSION_KEY, aPoll, activityDeps, anEntry, someNotes } from "@/lib/testing/activity-fixtures";
import { aCallSession, callRequests, campusError } from "@/lib/testing/call-fixtures";
import type { ActivityDeps } from "./deps";
import { NOTES_FULL, postNote } from "./post-note";
import { NOT_JOINED, notOfKind } from "./joined-action";
import { enterActivity } from "./enter-activity";

const readActivityOk = () => Response.json({ activityId: "act_1", label: "Retro", callId: "call_1" });

/** A guest session that joined the notes through a verified entry; `entryAnswers` answers the rechecks after the join. */
async function aGuest(entryAnswers: () => Response = () => Response.json(anEntry())) {
  let joined = false;
  const { deps, campus } = activityDeps({
    now: () => 1_000,
    routes: {
      [ENTRY_PATH]: () => {
        if (joined) return entryAnswers();
        joined = true;
        return Response.json(anEntry());
      },
    },
  });
  await someNotes(deps);
  const { credentials, sid } = await aCallSession(deps);
  await enterActivity(credentials, deps);
  return { deps, campus, credentials, sid };
}

const storedNotes = async (deps: ActivityDeps) => {
  const state = await deps.activities.read(SESSION_KEY);
  return state?.kind === "notes" ? state.notes : undefined;
};

describe("a note's author is the session's verified member", () => {
  it("stores the verified userId and the session's username, and shows the note to the member", async () => {
    const { deps, credentials } = await aGuest();
    const response = await postNote(credentials, { text: "The demo went well" }, deps);
    expect(await storedNotes(deps)).toEqual([{ authorId: "usr_ada", authorName: "ada", text: "The demo went well", postedAt: 1_000 }]);
    expect(response).toEqual({
      state: "joined",
      activity: {
        kind: "notes",
        role: "guest",
        owner: false,
        label: "Retro",
        topic: "What went well?",
        notes: [{ author: { userId: "usr_ada", username: "ada" }, text: "The demo went well" }],
        version: 1,
      },
    });
  });

  it("members see each other's notes, oldest first", async () => {
    const { deps, credentials } = await aGuest();
    await deps.activities.postNote(SESSION_KEY, { authorId: "usr_grace", authorName: "grace", text: "First", postedAt: 0 }, NOTES_LIMITS.maxNotes);
    const response = await postNote(credentials, { text: "Second" }, deps);
    expect(response).toMatchObject({
      activity: { notes: [{ author: { userId: "usr_grace", username: "grace" }, text: "First" }, { author: { userId: "usr_ada" }, text: "Second" }] },
    });
  });

  it(`the ${NOTES_LIMITS.maxNotes + 1}st note is refused with 400 and why; the notes stay as they were`, async () => {
    const { deps, credentials } = await aGuest();
    for (let i = 0; i < NOTES_LIMITS.maxNotes; i++) {
      await deps.activities.postNote(SESSION_KEY, { authorId: "usr_grace", authorName: "grace", text: `Note ${i}`, postedAt: 0 }, NOTES_LIMITS.maxNotes);
    }
    await expect(postNote(credentials, { text: "One more" }, deps)).rejects.toMatchObject({ code: "BAD_USER_INPUT", status: 400, message: NOTES_FULL });
    expect(await storedNotes(deps)).toHaveLength(NOTES_LIMITS.maxNotes);
  });

  it("a poll takes no notes: 400", async () => {
    const { deps } = activityDeps({ routes: { [ENTRY_PATH]: () => Response.json(anEntry()) } });
    await aPoll(deps);
    const { credentials } = await aCallSession(deps);
    await enterActivity(credentials, deps);
    await expect(postNote(credentials, { text: "Hello" }, deps)).rejects.toMatchObject({ code: "BAD_USER_INPUT", message: notOfKind("notes") });
  });
});

describe("a member without verified access posts nothing", () => {
  it("without an activity in this launch: CALL_CONFLICT, and the campus is not asked", async () => {
    const { deps, campus } = activityDeps();
    await someNotes(deps);
    const { credentials } = await aCallSession(deps);
    await expect(postNote(credentials, { text: "Hello" }, deps)).rejects.toMatchObject({ code: "CALL_CONFLICT", message: NOT_JOINED });
    expect(campus.requests).toHaveLength(0);
    expect(await storedNotes(deps)).toEqual([]);
  });

  it("spec 3: a 403 on the lease recheck ends access; the note is not stored, and the next one is refused at once", async () => {
    const lapsed = "The activity entry ended (leaseExpired): the entry lease lapsed without a recheck";
    const { deps, campus, credentials, sid } = await aGuest(() => campusError("FORBIDDEN", 403, lapsed));
    await expect(postNote(credentials, { text: "Hello" }, deps)).rejects.toMatchObject({ code: "FORBIDDEN", message: lapsed });
    expect(await storedNotes(deps)).toEqual([]);
    expect(await deps.activityAccess.get(sid)).toMatchObject({ role: "ended", message: lapsed });

    const asked = campus.requests.length;
    await expect(postNote(credentials, { text: "Hello" }, deps)).rejects.toMatchObject({ code: "FORBIDDEN", message: lapsed });
    expect(callRequests(campus.requests.slice(asked))).toEqual([]);
  });

  it("the inviter's note rechecks the registration; one who left the call loses access", async () => {
    const { deps } = activityDeps({ routes: { [ACTIVITY_PATH]: () => campusError("FORBIDDEN", 403, "not in the activity's call") } });
    await someNotes(deps);
    const { credentials, sid } = await aCallSession(deps);
    await deps.activityAccess.set(sid, { role: "inviter", userId: "usr_ada", activityId: "act_1", sessionKey: SESSION_KEY }, 60);
    await expect(postNote(credentials, { text: "Hello" }, deps)).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await storedNotes(deps)).toEqual([]);
    expect(await deps.activityAccess.get(sid)).toMatchObject({ role: "ended", message: "not in the activity's call" });
  });

  it("the inviter with its registration posts", async () => {
    const { deps } = activityDeps({ routes: { [ACTIVITY_PATH]: readActivityOk } });
    await someNotes(deps);
    const { credentials, sid } = await aCallSession(deps);
    await deps.activityAccess.set(sid, { role: "inviter", userId: "usr_ada", activityId: "act_1", sessionKey: SESSION_KEY }, 60);
    await expect(postNote(credentials, { text: "Hello" }, deps)).resolves.toMatchObject({ activity: { role: "inviter", notes: [{ text: "Hello" }] } });
  });
});

describe("notes are rate limited per member", () => {
  it(`past ${RATE_LIMITS.noteByMember.points} a minute: 429 with Retry-After, and the notes are not touched`, async () => {
    const { deps, credentials } = await aGuest();
    for (let i = 0; i < RATE_LIMITS.noteByMember.points; i++) await postNote(credentials, { text: `Note ${i}` }, deps);
    const refused = postNote(credentials, { text: "One more" }, deps);
    await expect(refused).rejects.toMatchObject({ code: "RATE_LIMITED", status: 429 });
    await expect(refused).rejects.toHaveProperty("retryAfterSeconds", expect.any(Number));
    expect(await storedNotes(deps)).toHaveLength(RATE_LIMITS.noteByMember.points);
  });
});
