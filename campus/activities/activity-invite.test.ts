import { describe, expect, it } from "vitest";
import { commandAcceptedSchema } from "../../lib/contract";
import { activityCall, activityCallWithoutApproval, inviteToActivity, offerActivity, readControlActivities, registerActivity } from "../test-support/activity-scenarios";
import {
  addSimulated,
  answerPrompt,
  approveCall,
  attach,
  logIn,
  newClientId,
  postCommand,
  queueCommand,
  readCommand,
  readPanel,
} from "../test-support/call-scenarios";
import { advanceClock, readError, readJson, send } from "../test-support/test-campus";

describe("spec 4.7 activityInvite: native selection of current members in the inviter's campus tab", () => {
  it("waits for the inviter's prompt, which offers every other current member, all selected by default", async () => {
    const { campus, callId, ada, grace, linus, activityId } = await activityCall(["ada", "grace", "linus"]);
    await addSimulated(campus, callId);
    const commandId = await offerActivity(ada, activityId);
    expect(await readCommand(ada, commandId)).toEqual({ commandId, status: "pending" });
    const { prompts } = await readPanel(ada);
    expect(prompts).toMatchObject([
      {
        commandId,
        kind: "activityInvite",
        activity: { activityId, label: "Team quiz" },
        candidates: [
          { userId: grace.userId, username: "grace" },
          { userId: linus.userId, username: "linus" },
        ],
      },
    ]);
    expect((await readPanel(grace)).prompts).toEqual([]);
    expect(await readCommand(ada, commandId)).toEqual({ commandId, status: "working" });
  });

  it("confirmed with the default selection: applied, one invitation per other current member", async () => {
    const { campus, ada, activityId } = await activityCall(["ada", "grace", "linus"]);
    const { commandId, invitations } = await inviteToActivity(ada, activityId);
    expect(await readCommand(ada, commandId)).toEqual({ commandId, status: "applied" });
    expect(invitations).toMatchObject([
      { activityId, inviter: "ada", recipient: "grace", status: "pending", expiresAt: "2030-01-01T00:05:00.000Z" },
      { activityId, inviter: "ada", recipient: "linus", status: "pending", expiresAt: "2030-01-01T00:05:00.000Z" },
    ]);
    expect((await readControlActivities(campus)).invitations).toHaveLength(2);
  });

  it("confirmed with a narrower selection: only the selected members are invited", async () => {
    const { ada, linus, activityId } = await activityCall(["ada", "grace", "linus"]);
    const { invitations } = await inviteToActivity(ada, activityId, { recipientIds: [linus.userId] });
    expect(invitations.map((invitation) => invitation.recipient)).toEqual(["linus"]);
  });

  it.each([
    ["the inviter", (ids: Record<string, string>) => [ids.ada]],
    ["a simulated member", (ids: Record<string, string>) => [ids.sim]],
    ["nobody", () => []],
    ["a member twice", (ids: Record<string, string>) => [ids.grace, ids.grace]],
  ])("refuses a selection of %s with 400 and keeps the prompt open", async (_case, pick) => {
    const { campus, callId, ada, grace, activityId } = await activityCall(["ada", "grace"]);
    const [simParticipation] = await addSimulated(campus, callId);
    const sim = campus.context.state.calls.findParticipation(simParticipation!)!.userId;
    const commandId = await offerActivity(ada, activityId);
    const recipientIds = pick({ ada: ada.userId, grace: grace.userId, sim });
    const response = await send(campus, "POST", `/host/call/prompts/${commandId}/confirm`, { json: { tabId: ada.tabId, recipientIds }, member: "ada" });
    expect(await readError(response)).toEqual({ status: 400, code: "BAD_REQUEST" });
    expect(await readError(await answerPrompt(campus, commandId, "confirm", { recipientIds }))).toEqual({ status: 400, code: "BAD_USER_INPUT" });
    expect((await readPanel(ada)).prompts).toHaveLength(1);
    expect((await readControlActivities(campus)).invitations).toEqual([]);
  });

  it("declined: the command is declined and nobody is invited", async () => {
    const { campus, ada, activityId } = await activityCall(["ada", "grace"]);
    const commandId = await offerActivity(ada, activityId);
    await answerPrompt(campus, commandId, "decline");
    expect(await readCommand(ada, commandId)).toMatchObject({ status: "declined" });
    expect((await readControlActivities(campus)).invitations).toEqual([]);
  });

  it("lets any approved member of the call offer the call's activity, not only the one who registered it", async () => {
    const { grace, activityId } = await activityCall(["ada", "grace"]);
    const { invitations } = await inviteToActivity(grace, activityId);
    expect(invitations).toMatchObject([{ inviter: "grace", recipient: "ada" }]);
  });

  it("fails the command when nobody is left to invite by the time it is confirmed (409 in its result)", async () => {
    const { campus, ada, grace, activityId } = await activityCall(["ada", "grace"]);
    const commandId = await offerActivity(ada, activityId);
    await answerPrompt(campus, await queueCommand(grace, "action", { action: "leave" }), "confirm");
    await answerPrompt(campus, commandId, "confirm");
    expect(await readCommand(ada, commandId)).toMatchObject({ status: "failed", result: { code: "CALL_CONFLICT" } });
  });
});

describe("spec 4.7 activityInvite: the activity must belong to this app and the grant's call", () => {
  it("refuses an activity of another call and an unknown one: 403 FORBIDDEN, no command", async () => {
    const { campus, ada } = await activityCall(["ada", "grace"]);
    const linus = await logIn(campus, "linus");
    await send(campus, "POST", "/control/calls", { json: { username: "linus" } });
    await approveCall(linus);
    const foreign = await registerActivity(linus);
    expect(await readError(await postCommand(ada, "activityInvite", { clientId: newClientId(), activityId: foreign.activityId }))).toEqual({ status: 403, code: "FORBIDDEN" });
    expect(await readError(await postCommand(ada, "activityInvite", { clientId: newClientId(), activityId: "act_unknown" }))).toEqual({ status: 403, code: "FORBIDDEN" });
    expect(campus.context.state.commands.listCommands()).toEqual([]);
  });

  it("refuses a body without activityId, or with other fields: 400", async () => {
    const { ada, activityId } = await activityCall(["ada", "grace"]);
    expect(await readError(await postCommand(ada, "activityInvite", { clientId: newClientId() }))).toEqual({ status: 400, code: "BAD_USER_INPUT" });
    expect(await readError(await postCommand(ada, "activityInvite", { clientId: newClientId(), activityId, recipientId: "usr_x" }))).toEqual({ status: 400, code: "BAD_USER_INPUT" });
  });

  it("needs the inviter's active grant: 403 FORBIDDEN while approval is pending", async () => {
    const { grace, activityId } = await activityCallWithoutApproval(["ada", "grace"]);
    grace.grantId = (await attach(grace)).grantId;
    expect(await readError(await postCommand(grace, "activityInvite", { clientId: newClientId(), activityId }))).toEqual({ status: 403, code: "FORBIDDEN" });
  });

  it("answers 409 CALL_CONFLICT when nobody else is in the call, creating no command", async () => {
    const { campus, ada, activityId } = await activityCall(["ada"]);
    expect(await readError(await postCommand(ada, "activityInvite", { clientId: newClientId(), activityId }))).toEqual({ status: 409, code: "CALL_CONFLICT" });
    expect(campus.context.state.commands.listCommands()).toEqual([]);
  });
});

describe("spec 4 command request rules: activityInvite is idempotent per clientId", () => {
  it("answers the same commandId for the same clientId and activity, and 400 for a changed payload", async () => {
    const { campus, ada, activityId } = await activityCall(["ada", "grace"]);
    const second = await registerActivity(ada, { sessionKey: "another-session" });
    const body = { clientId: newClientId(), activityId };
    const first = commandAcceptedSchema.parse(await readJson(await postCommand(ada, "activityInvite", body)));
    expect(commandAcceptedSchema.parse(await readJson(await postCommand(ada, "activityInvite", body)))).toEqual(first);
    expect(campus.context.state.commands.listCommands()).toHaveLength(1);
    expect(await readError(await postCommand(ada, "activityInvite", { ...body, activityId: second.activityId }))).toEqual({ status: 400, code: "BAD_USER_INPUT" });
  });
});

describe("spec 8: 5 activity offers per member per minute", () => {
  it("answers the 6th offer with 429 RATE_LIMITED and Retry-After, then recovers after the window", async () => {
    const { campus, ada, activityId } = await activityCall(["ada", "grace"]);
    for (let i = 0; i < 5; i += 1) await offerActivity(ada, activityId);
    const limited = await postCommand(ada, "activityInvite", { clientId: newClientId(), activityId });
    expect(await readError(limited)).toEqual({ status: 429, code: "RATE_LIMITED" });
    expect(limited.headers.get("Retry-After")).toBe("60");
    expect((await postCommand(ada, "playback", { clientId: newClientId(), muted: true })).status).toBe(200);
    await advanceClock(campus, 60);
    expect((await postCommand(ada, "activityInvite", { clientId: newClientId(), activityId })).status).toBe(200);
  });

  it("does not count idempotent retries, and keeps members apart", async () => {
    const { ada, grace, activityId } = await activityCall(["ada", "grace"]);
    const body = { clientId: newClientId(), activityId };
    for (let i = 0; i < 8; i += 1) expect((await postCommand(ada, "activityInvite", body)).status).toBe(200);
    for (let i = 0; i < 4; i += 1) await offerActivity(ada, activityId);
    expect((await postCommand(ada, "activityInvite", { clientId: newClientId(), activityId })).status).toBe(429);
    expect((await postCommand(grace, "activityInvite", { clientId: newClientId(), activityId })).status).toBe(200);
  });

  it("counts against the 30 command requests per launch too", async () => {
    const { ada, activityId } = await activityCall(["ada", "grace"]);
    for (let i = 0; i < 26; i += 1) await queueCommand(ada, "playback", { muted: true });
    for (let i = 0; i < 4; i += 1) await offerActivity(ada, activityId);
    expect(await readError(await postCommand(ada, "playback", { clientId: newClientId(), muted: true }))).toEqual({ status: 429, code: "RATE_LIMITED" });
  });
});
