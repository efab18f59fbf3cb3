import { describe, expect, it } from "vitest";
import {
  acceptInvitation,
  activityCall,
  activityCallWithoutApproval,
  enterActivity,
  enteredActivity,
  getEntry,
  inviteToActivity,
  LABEL,
  readControlActivities,
  readEntry,
  SESSION_KEY,
} from "../test-support/activity-scenarios";
import { answerApprovalPrompt, attach, readPanel } from "../test-support/call-scenarios";
import { advanceClock, readError, readJson, send } from "../test-support/test-campus";

describe("spec 3: recipient invitations expire after five minutes (campus clock)", () => {
  it("shows at 299 s and is gone at 300 s: accepting then is 409 CALL_CONFLICT", async () => {
    const { campus, ada, grace, activityId } = await activityCall(["ada", "grace"]);
    const [invitation] = (await inviteToActivity(ada, activityId)).invitations;
    await advanceClock(campus, 299);
    expect((await readPanel(grace)).activityInvitations).toMatchObject([{ invitationId: invitation!.invitationId }]);
    await advanceClock(campus, 1);
    expect((await readPanel(grace)).activityInvitations).toEqual([]);
    expect((await readControlActivities(campus)).invitations).toMatchObject([{ status: "expired" }]);
    expect(await readError(await acceptInvitation(grace, invitation!.invitationId))).toEqual({ status: 409, code: "CALL_CONFLICT" });
  });
});

describe("spec 4.13: accepting opens the app in a new launch bound to the invitation", () => {
  it("ends the tab's previous launch and binds the new one; the entry is not leased before its first read", async () => {
    const { campus, ada, grace, activityId } = await activityCall(["ada", "grace"]);
    const [invitation] = (await inviteToActivity(ada, activityId)).invitations;
    const response = await acceptInvitation(grace, invitation!.invitationId);
    const { launchId } = await readJson<{ launchId: string }>(response);
    expect(launchId).not.toBe(grace.launchId);
    const { launches } = await readJson<{ launches: Array<{ launchId: string; endReason: string | null }> }>(await send(campus, "GET", "/control/launches"));
    expect(launches.find((launch) => launch.launchId === grace.launchId)?.endReason).toBe("remounted");
    const control = await readControlActivities(campus);
    expect(control.invitations).toMatchObject([{ status: "accepted", launchId }]);
    expect(control.entries).toMatchObject([{ username: "grace", launchId, leaseExpiresAt: null, endedAt: null }]);
    expect((await readPanel(grace)).activityLaunch).toEqual({ launchId, invitationId: invitation!.invitationId });
  });

  it("is refused (409 CALL_CONFLICT) in another tab, twice, or by another member", async () => {
    const { ada, grace, linus, activityId } = await activityCall(["ada", "grace", "linus"]);
    const [toGrace] = (await inviteToActivity(ada, activityId, { recipientIds: [grace.userId] })).invitations;
    expect(await readError(await acceptInvitation(grace, toGrace!.invitationId, "tab-grace-2"))).toEqual({ status: 409, code: "CALL_CONFLICT" });
    expect(await readError(await acceptInvitation(linus, toGrace!.invitationId))).toEqual({ status: 409, code: "CALL_CONFLICT" });
    expect((await acceptInvitation(grace, toGrace!.invitationId)).status).toBe(200);
    expect(await readError(await acceptInvitation(grace, toGrace!.invitationId))).toEqual({ status: 409, code: "CALL_CONFLICT" });
  });
});

describe("spec 4.13: the entry read returns the server-verified context of the launch's accepted invitation", () => {
  it("answers { entryId, activityId, sessionKey, label, userId, expiresIn: 20 } (seconds)", async () => {
    const { guest, activityId } = await enteredActivity();
    expect(await readEntry(guest)).toEqual({
      entryId: expect.stringMatching(/^ent_/),
      activityId,
      sessionKey: SESSION_KEY,
      label: LABEL,
      userId: guest.userId,
      expiresIn: 20,
    });
  });

  it("needs login, attach and native approval first (403 FORBIDDEN until the grant is active)", async () => {
    const { ada, grace, activityId } = await activityCallWithoutApproval(["ada", "grace"]);
    const [invitation] = (await inviteToActivity(ada, activityId)).invitations;
    const guest = await enterActivity(grace, invitation!.invitationId, { approve: false });
    expect(await readError(await getEntry(guest))).toEqual({ status: 403, code: "FORBIDDEN" });
    await attach(guest);
    expect(await readError(await getEntry(guest))).toEqual({ status: 403, code: "FORBIDDEN" });
    await answerApprovalPrompt(guest, "allow");
    expect((await readEntry(guest)).userId).toBe(grace.userId);
  });

  it("refuses a launch without an accepted invitation (403 FORBIDDEN): the inviter's, and the recipient's ordinary one", async () => {
    const { campus, ada, grace, activityId } = await activityCall(["ada", "grace"]);
    await inviteToActivity(ada, activityId);
    expect(await readError(await getEntry(ada))).toEqual({ status: 403, code: "FORBIDDEN" });
    expect(await readError(await getEntry(grace))).toEqual({ status: 403, code: "FORBIDDEN" });
    expect((await readControlActivities(campus)).entries).toEqual([]);
  });

  it("takes no parameters: an activity ID or session key in the query is 400, and authorizes nothing", async () => {
    const { ada, guest, activityId } = await enteredActivity();
    expect(await readError(await getEntry(guest, `?activityId=${activityId}`))).toEqual({ status: 400, code: "BAD_USER_INPUT" });
    expect(await readError(await getEntry(ada, `?sessionKey=${SESSION_KEY}`))).toEqual({ status: 403, code: "FORBIDDEN" });
  });
});

describe("spec 3: the entry lease lasts twenty seconds and must be rechecked", () => {
  it("renews on each successful read, keeping the same entryId", async () => {
    const { campus, guest } = await enteredActivity();
    const first = await readEntry(guest);
    for (let i = 0; i < 4; i += 1) {
      await advanceClock(campus, 15);
      expect(await readEntry(guest)).toEqual(first);
    }
    const [entry] = (await readControlActivities(campus)).entries;
    expect(entry).toMatchObject({ leaseExpiresAt: "2030-01-01T00:01:20.000Z", endedAt: null });
  });

  it("still holds 19.9 s after the last read", async () => {
    const { campus, guest } = await enteredActivity();
    await readEntry(guest);
    await advanceClock(campus, 19.9);
    expect((await getEntry(guest)).status).toBe(200);
  });

  it("lapses 20 s after the last read: 403 FORBIDDEN from then on, and the member must accept a current invitation again", async () => {
    const { campus, ada, grace, guest, activityId } = await enteredActivity();
    const first = await readEntry(guest);
    await advanceClock(campus, 20);
    expect(await readError(await getEntry(guest))).toEqual({ status: 403, code: "FORBIDDEN" });
    await advanceClock(campus, 1);
    expect(await readError(await getEntry(guest))).toEqual({ status: 403, code: "FORBIDDEN" });
    expect((await readControlActivities(campus)).entries).toMatchObject([{ endReason: "leaseExpired", endedAt: "2030-01-01T00:00:20.000Z" }]);
    const [again] = (await inviteToActivity(ada, activityId)).invitations;
    const next = await enterActivity(grace, again!.invitationId);
    expect((await readEntry(next)).entryId).not.toBe(first.entryId);
  });
});
