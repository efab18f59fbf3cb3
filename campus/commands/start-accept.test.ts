import { describe, expect, it } from "vitest";
import {
  answerPrompt,
  approveCall,
  callApi,
  callWithGrants,
  logIn,
  loggedInMembers,
  newClientId,
  queueAccept,
  queueCommand,
  queueStart,
  readCommand,
  readGrant,
  readPanel,
  readStatus,
} from "../test-support/call-scenarios";
import { getSeededUserId } from "../state/members";
import { advanceClock, readError, send } from "../test-support/test-campus";

describe("spec 4.5: start opens native recipient and role confirmation in the launch's tab", () => {
  it("shows the prompt with the preselected recipient and role; confirming starts the call in that tab", async () => {
    const { campus, ada, grace } = await loggedInMembers(["ada", "grace"]);
    const commandId = await queueStart(ada, { recipientId: grace.userId, role: "speaker" });
    expect((await readPanel(ada)).prompts).toEqual([
      { commandId, kind: "start", action: null, recipientId: grace.userId, role: "speaker", inviter: null, status: "working" },
    ]);
    expect(await readStatus(ada)).toMatchObject({ access: "unavailable" });
    await answerPrompt(campus, commandId, "confirm");
    expect(await readCommand(ada, commandId)).toEqual({ commandId, status: "applied" });
    expect(await readStatus(ada)).toMatchObject({ access: "approvalRequired" });
    expect((await readPanel(grace)).invitations).toMatchObject([{ inviter: "ada", role: "speaker" }]);
  });

  it("lets the member choose another recipient and role in the native sheet", async () => {
    const { campus, ada, linus } = await loggedInMembers(["ada", "linus"]);
    const commandId = await queueStart(ada);
    await answerPrompt(campus, commandId, "confirm", { recipientId: linus.userId, role: "audience" });
    expect((await readPanel(linus)).invitations).toMatchObject([{ inviter: "ada", role: "audience" }]);
  });

  it("is declined when the member declines, and no call starts", async () => {
    const { campus, ada } = await loggedInMembers(["ada"]);
    const commandId = await queueStart(ada);
    await answerPrompt(campus, commandId, "decline");
    expect((await readCommand(ada, commandId)).status).toBe("declined");
    expect(campus.context.state.calls.listCalls()).toHaveLength(0);
  });

  it("refuses a recipientId that is not another campus member: 400", async () => {
    const { ada } = await loggedInMembers(["ada"]);
    for (const recipientId of ["usr_nobody", ada.userId]) {
      expect(await readError(await callApi(ada, "POST", "/start", { clientId: newClientId(), recipientId }))).toEqual({ status: 400, code: "BAD_USER_INPUT" });
    }
  });

  it("is prevented by a call in another tab (409), never switching calls", async () => {
    const { campus } = await callWithGrants(["ada"]);
    const otherTab = await logIn(campus, "ada", "tab-ada-2");
    expect(await readError(await callApi(otherTab, "POST", "/start", { clientId: newClientId() }))).toEqual({ status: 409, code: "CALL_CONFLICT" });
  });

  it("is prevented by a pending incoming invitation (409)", async () => {
    const { campus, ada } = await callWithGrants(["ada"]);
    const grace = await logIn(campus, "grace");
    await answerPrompt(campus, await queueCommand(ada, "invite", { recipientId: grace.userId }), "confirm");
    expect(await readError(await callApi(grace, "POST", "/start", { clientId: newClientId() }))).toEqual({ status: 409, code: "CALL_CONFLICT" });
  });

  it("fails on confirmation when the member joined another call meanwhile", async () => {
    const { campus, ada } = await loggedInMembers(["ada"]);
    const commandId = await queueStart(ada);
    await send(campus, "POST", "/control/calls", { json: { username: "ada" } });
    await answerPrompt(campus, commandId, "confirm");
    expect(await readCommand(ada, commandId)).toMatchObject({ status: "failed", result: { code: "CALL_CONFLICT" } });
  });
});

describe("spec 4.6: accept confirms the current incoming invitation in the launch's tab", () => {
  it("creates the participation bound to that tab, as the invited role", async () => {
    const { campus, ada } = await callWithGrants(["ada"]);
    const grace = await logIn(campus, "grace", "tab-grace-7");
    await answerPrompt(campus, await queueCommand(ada, "invite", { recipientId: grace.userId }), "confirm");
    const commandId = await queueAccept(grace);
    expect((await readPanel(grace)).prompts).toMatchObject([{ commandId, kind: "accept" }]);
    await answerPrompt(campus, commandId, "confirm");
    expect((await readCommand(grace, commandId)).status).toBe("applied");
    expect(await readStatus(grace)).toMatchObject({ access: "approvalRequired" });
    await approveCall(grace);
    expect(await readGrant(grace)).toMatchObject({ role: "audience", capacity: { members: 2 } });
  });

  it("answers 409 when there is no incoming invitation", async () => {
    const { grace } = await loggedInMembers(["grace"]);
    expect(await readError(await callApi(grace, "POST", "/accept", { clientId: newClientId() }))).toEqual({ status: 409, code: "CALL_CONFLICT" });
  });

  it("shows invitations in every tab of the recipient until five minutes pass (policy.ts)", async () => {
    const { campus, ada } = await callWithGrants(["ada"]);
    const grace = await logIn(campus, "grace");
    await answerPrompt(campus, await queueCommand(ada, "invite", { recipientId: grace.userId }), "confirm");
    expect((await readPanel(grace, "tab-grace-2")).invitations).toHaveLength(1);
    await advanceClock(campus, 299);
    expect((await readPanel(grace)).invitations).toHaveLength(1);
    await advanceClock(campus, 1);
    expect((await readPanel(grace)).invitations).toHaveLength(0);
  });
});

describe("spec 4.7: invite opens native invitation controls; an invitation is not an acceptance", () => {
  it("waits for the inviter's confirmation, then invites without adding the recipient to the roster", async () => {
    const { campus, ada } = await callWithGrants(["ada"]);
    const graceId = getSeededUserId("grace");
    const commandId = await queueCommand(ada, "invite", { recipientId: graceId });
    expect((await readPanel(ada)).prompts).toMatchObject([{ commandId, kind: "invite", recipientId: graceId }]);
    await answerPrompt(campus, commandId, "confirm");
    expect((await readCommand(ada, commandId)).status).toBe("applied");
    const grant = await readGrant(ada);
    expect(grant.status === "active" && grant.participants.map((p) => p.username)).toEqual(["ada"]);
  });

  it("fails on confirmation without a recipient chosen", async () => {
    const { campus, ada } = await callWithGrants(["ada"]);
    const commandId = await queueCommand(ada, "invite");
    await answerPrompt(campus, commandId, "confirm");
    expect(await readCommand(ada, commandId)).toMatchObject({ status: "failed", result: { message: "No recipient was chosen" } });
  });

  it("refuses to invite someone already in the call: 409", async () => {
    const { ada, grace } = await callWithGrants(["ada", "grace"]);
    const response = await callApi(ada, "POST", `/grants/${ada.grantId}/commands/invite`, { clientId: newClientId(), recipientId: grace.userId });
    expect(await readError(response)).toEqual({ status: 409, code: "CALL_CONFLICT" });
  });
});
