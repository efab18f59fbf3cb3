import { describe, expect, it } from "vitest";
import {
  activityCall,
  enteredActivity,
  inviteToActivity,
  logInOnLaunch,
  offerActivity,
  readControlActivities,
  readEntry,
  SESSION_KEY,
} from "../test-support/activity-scenarios";
import { approveCall, newClientId, postCommand } from "../test-support/call-scenarios";
import { advanceClock, readError, readJson, send } from "../test-support/test-campus";

describe("GET /control/activities", () => {
  it("lists activities (app, call, label, inviter), invitations (recipient, status, expiry) and entries (lease), never a session key", async () => {
    const { campus, callId, guest, activityId, invitationId } = await enteredActivity();
    await readEntry(guest);
    const response = await send(campus, "GET", "/control/activities");
    expect(await response.clone().text()).not.toContain(SESSION_KEY);
    expect(await readJson(response)).toMatchObject({
      activities: [{ activityId, clientId: "test-app-client", callId, label: "Team quiz", inviter: "ada" }],
      invitations: [{ invitationId, activityId, inviter: "ada", recipient: "grace", status: "accepted", expiresAt: "2030-01-01T00:05:00.000Z", launchId: guest.launchId }],
      entries: [{ invitationId, activityId, username: "grace", launchId: guest.launchId, leaseExpiresAt: "2030-01-01T00:00:20.000Z", endedAt: null, endReason: null }],
    });
  });
});

describe("POST /control/activity-invitations/{id}/accept and /decline", () => {
  it("accepts as the recipient's Accept: a new launch in the tab of the recipient's call, bound to the invitation", async () => {
    const { campus, ada, grace, activityId } = await activityCall(["ada", "grace"]);
    const [invitation] = (await inviteToActivity(ada, activityId)).invitations;
    const accepted = await readJson<{ launchId: string; tabId: string; username: string }>(
      await send(campus, "POST", `/control/activity-invitations/${invitation!.invitationId}/accept`, { json: {} }),
    );
    expect(accepted).toMatchObject({ tabId: grace.tabId, username: "grace" });
    const guest = await logInOnLaunch(campus, "grace", accepted.tabId, accepted.launchId);
    await approveCall(guest);
    expect(await readEntry(guest)).toMatchObject({ activityId, userId: grace.userId, sessionKey: SESSION_KEY });
  });

  it("declines as the recipient's Decline", async () => {
    const { campus, ada, activityId } = await activityCall(["ada", "grace"]);
    const [invitation] = (await inviteToActivity(ada, activityId)).invitations;
    expect(await readJson(await send(campus, "POST", `/control/activity-invitations/${invitation!.invitationId}/decline`, { json: {} }))).toEqual({
      invitationId: invitation!.invitationId,
      status: "declined",
    });
  });

  it("answers 404 for an unknown invitation and 409 for an expired one", async () => {
    const { campus, ada, activityId } = await activityCall(["ada", "grace"]);
    const [invitation] = (await inviteToActivity(ada, activityId)).invitations;
    expect((await send(campus, "POST", "/control/activity-invitations/ain_unknown/accept", { json: {} })).status).toBe(404);
    await advanceClock(campus, 300);
    expect(await readError(await send(campus, "POST", `/control/activity-invitations/${invitation!.invitationId}/accept`, { json: {} }))).toEqual({ status: 409, code: "CALL_CONFLICT" });
  });
});

describe("POST /control/reset clears activities", () => {
  it("leaves no activity, invitation, entry or activity offer window behind", async () => {
    const { campus, ada, activityId } = await enteredActivity();
    for (let i = 0; i < 4; i += 1) await offerActivity(ada, activityId);
    expect((await postCommand(ada, "activityInvite", { clientId: newClientId(), activityId })).status).toBe(429);
    await send(campus, "POST", "/control/reset", { json: {} });
    expect(await readControlActivities(campus)).toEqual({ activities: [], invitations: [], entries: [] });
    expect(campus.context.state.rateWindows.secondsUntilFree(`activityOffers:${ada.userId}`, 5)).toBe(0);
  });
});
