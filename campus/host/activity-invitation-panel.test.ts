import { describe, expect, it } from "vitest";
import { activityCall, inviteToActivity, offerActivity, readControlActivities } from "../test-support/activity-scenarios";
import { readCommand, readPanel } from "../test-support/call-scenarios";
import type { TestMember } from "../test-support/call-scenarios";
import { createTestCampus, openTestLaunch, readError, readJson, send } from "../test-support/test-campus";

const hostPost = (member: TestMember, path: string, body: Record<string, unknown> = {}, tabId = member.tabId) =>
  send(member.campus, "POST", path, { json: { tabId, ...body }, member: member.username });

describe("the campus page holds activity invitations and the activity sheet", () => {
  it("renders the activity invitations part of the call panel and serves its module", async () => {
    const campus = createTestCampus();
    expect(await (await send(campus, "GET", "/")).text()).toContain('data-part="activity-invitations"');
    const asset = await send(campus, "GET", "/assets/campus.js");
    expect(asset.headers.get("Content-Type")).toMatch(/^text\/javascript/);
    const source = await asset.text();
    for (const id of ["activity-invitation", "activity-invitation-accept", "activity-invitation-decline"]) expect(source).toContain(`"${id}"`);
    expect(source).toContain('"command-activity-recipient"');
  });
});

describe("spec 4.7: the inviter confirms the members in the native sheet of the campus page", () => {
  it("confirms with the checked members: one invitation each", async () => {
    const { ada, grace, activityId } = await activityCall(["ada", "grace", "linus"]);
    const commandId = await offerActivity(ada, activityId);
    const response = await hostPost(ada, `/host/call/prompts/${commandId}/confirm`, { recipientIds: [grace.userId] });
    expect(response.status).toBe(200);
    expect(await readCommand(ada, commandId)).toMatchObject({ status: "applied" });
    expect((await readControlActivities(ada.campus)).invitations.map((invitation) => invitation.recipient)).toEqual(["grace"]);
  });
});

describe("the recipient's campus tab of that call shows the activity invitation", () => {
  it("with the label and the inviter, only in the tab of the recipient's participation", async () => {
    const { ada, grace, linus, activityId } = await activityCall(["ada", "grace", "linus"]);
    const [invitation] = (await inviteToActivity(ada, activityId, { recipientIds: [grace.userId] })).invitations;
    expect((await readPanel(grace)).activityInvitations).toEqual([
      { invitationId: invitation!.invitationId, activityId, label: "Team quiz", inviter: "ada", expiresAt: "2030-01-01T00:05:00.000Z" },
    ]);
    expect((await readPanel(grace, "tab-grace-2")).activityInvitations).toEqual([]);
    expect((await readPanel(linus)).activityInvitations).toEqual([]);
    expect((await readPanel(ada)).activityInvitations).toEqual([]);
  });

  it("Decline answers it: gone from the panel, `declined`, and it cannot be accepted any more", async () => {
    const { campus, ada, grace, activityId } = await activityCall(["ada", "grace"]);
    const [invitation] = (await inviteToActivity(ada, activityId)).invitations;
    const response = await hostPost(grace, `/host/activity-invitations/${invitation!.invitationId}/decline`);
    expect((await readJson<{ activityInvitations: unknown[] }>(response)).activityInvitations).toEqual([]);
    expect((await readControlActivities(campus)).invitations).toMatchObject([{ status: "declined" }]);
    expect(await readError(await hostPost(grace, `/host/activity-invitations/${invitation!.invitationId}/decline`))).toEqual({ status: 409, code: "CALL_CONFLICT" });
    expect(await readError(await hostPost(grace, "/host/launches", { activityInvitationId: invitation!.invitationId }))).toEqual({ status: 409, code: "CALL_CONFLICT" });
  });

  it("Accept asks for a launch bound to it; a malformed or unknown ID is refused", async () => {
    const { grace } = await activityCall(["ada", "grace"]);
    expect(await readError(await hostPost(grace, "/host/launches", { activityInvitationId: "" }))).toEqual({ status: 400, code: "BAD_REQUEST" });
    expect(await readError(await hostPost(grace, "/host/launches", { activityInvitationId: "ain_unknown" }))).toEqual({ status: 409, code: "CALL_CONFLICT" });
  });

  it("names the tab's launch bound to an accepted invitation, so that the page mounts it, until another launch replaces it", async () => {
    const { campus, ada, grace, activityId } = await activityCall(["ada", "grace"]);
    const [invitation] = (await inviteToActivity(ada, activityId)).invitations;
    expect((await readPanel(grace)).activityLaunch).toBeNull();
    const accepted = await readJson<{ launchId: string }>(await send(campus, "POST", `/control/activity-invitations/${invitation!.invitationId}/accept`, { json: {} }));
    expect((await readPanel(grace)).activityLaunch).toEqual({ launchId: accepted.launchId, invitationId: invitation!.invitationId });
    expect((await readPanel(grace, "tab-grace-2")).activityLaunch).toBeNull();
    await openTestLaunch(campus, { member: "grace", tabId: grace.tabId });
    expect((await readPanel(grace)).activityLaunch).toBeNull();
  });
});
