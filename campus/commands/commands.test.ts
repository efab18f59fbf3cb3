import { describe, expect, it } from "vitest";
import { commandAcceptedSchema } from "../../lib/contract";
import {
  answerPrompt,
  callApi,
  callWithGrants,
  newClientId,
  postCommand,
  queueAction,
  readCommand,
  readGrant,
  readPanel,
} from "../test-support/call-scenarios";
import { advanceClock, readError, readJson } from "../test-support/test-campus";

describe("spec 4 command request rules: a clientId is an idempotency key per app and member", () => {
  it("answers the same commandId for the same clientId and payload, creating nothing new", async () => {
    const { campus, ada } = await callWithGrants(["ada"]);
    const body = { clientId: newClientId(), action: "mute" };
    const first = commandAcceptedSchema.parse(await (await postCommand(ada, "action", body)).json());
    const again = await postCommand(ada, "action", { action: "mute", clientId: body.clientId });
    expect(again.status).toBe(200);
    expect(commandAcceptedSchema.parse(await again.json())).toEqual(first);
    expect(campus.context.state.commands.listCommands()).toHaveLength(1);
  });

  it("refuses the same clientId with a changed payload: 400 BAD_USER_INPUT", async () => {
    const { ada } = await callWithGrants(["ada"]);
    const clientId = newClientId();
    await postCommand(ada, "action", { clientId, action: "mute" });
    expect(await readError(await postCommand(ada, "action", { clientId, action: "cameraOff" }))).toEqual({ status: 400, code: "BAD_USER_INPUT" });
    expect(await readError(await postCommand(ada, "playback", { clientId, muted: true }))).toEqual({ status: 400, code: "BAD_USER_INPUT" });
    expect(await readError(await callApi(ada, "POST", "/start", { clientId }))).toEqual({ status: 400, code: "BAD_USER_INPUT" });
  });

  it("keeps clientIds of different members apart", async () => {
    const { ada, grace } = await callWithGrants(["ada", "grace"]);
    const clientId = newClientId();
    const forAda = await readJson(await postCommand(ada, "action", { clientId, action: "mute" }));
    const forGrace = await readJson(await postCommand(grace, "playback", { clientId, muted: true }));
    expect(forGrace.commandId).not.toBe(forAda.commandId);
  });
});

describe("spec 8: clientId is 16 to 128 chars of [a-zA-Z0-9_-]", () => {
  it.each([
    ["15 chars", "a".repeat(15)],
    ["129 chars", "a".repeat(129)],
    ["a dot", "client.id.000000001"],
    ["a space", "client id 00000001"],
  ])("refuses %s with 400 BAD_USER_INPUT", async (_case, clientId) => {
    const { ada } = await callWithGrants(["ada"]);
    expect(await readError(await postCommand(ada, "action", { clientId, action: "mute" }))).toEqual({ status: 400, code: "BAD_USER_INPUT" });
  });

  it.each([["16 chars", "a".repeat(16)], ["128 chars", "A_-9".repeat(32)]])("accepts %s", async (_case, clientId) => {
    const { ada } = await callWithGrants(["ada"]);
    expect((await postCommand(ada, "action", { clientId, action: "mute" })).status).toBe(200);
  });
});

describe("spec 4.7: grant command bodies are strict per kind", () => {
  it.each([
    ["an unknown kind", "shout", { clientId: "client-id-strict-01" }],
    ["an extra field", "playback", { clientId: "client-id-strict-02", muted: true, volume: 3 }],
    ["a missing field", "playback", { clientId: "client-id-strict-03" }],
    ["an action on playback", "playback", { clientId: "client-id-strict-04", action: "mute" }],
    ["an unknown action", "action", { clientId: "client-id-strict-05", action: "dance" }],
    ["decline (not supported)", "action", { clientId: "client-id-strict-06", action: "decline" }],
    ["stage/approve without targetId", "action", { clientId: "client-id-strict-07", action: "stage/approve" }],
    ["mute with a targetId", "action", { clientId: "client-id-strict-08", action: "mute", targetId: "ptc_x" }],
    ["an activity invitation without activityId", "activityInvite", { clientId: "client-id-strict-09" }],
  ])("refuses %s with 400 BAD_USER_INPUT", async (_case, kind, body) => {
    const { campus, ada } = await callWithGrants(["ada"]);
    expect(await readError(await postCommand(ada, kind, body))).toEqual({ status: 400, code: "BAD_USER_INPUT" });
    expect(campus.context.state.commands.listCommands()).toHaveLength(0);
  });

  it("refuses an activity invitation naming no activity of this app and call: 403 FORBIDDEN (activity-invite.test.ts covers the rest)", async () => {
    const { ada } = await callWithGrants(["ada"]);
    expect(await readError(await postCommand(ada, "activityInvite", { clientId: newClientId(), activityId: "act_1" }))).toEqual({ status: 403, code: "FORBIDDEN" });
  });
});

describe("spec 3 command status: pending, working, then applied, declined, failed or expired", () => {
  it("is pending on creation, working once the tab shows the prompt, applied once confirmed", async () => {
    const { campus, ada } = await callWithGrants(["ada"]);
    const commandId = await queueAction(ada, "cameraOn");
    expect(await readCommand(ada, commandId)).toEqual({ commandId, status: "pending" });
    const { prompts } = await readPanel(ada);
    expect(prompts).toMatchObject([{ commandId, kind: "action", action: "cameraOn" }]);
    expect(await readCommand(ada, commandId)).toEqual({ commandId, status: "working" });
    await answerPrompt(campus, commandId, "confirm");
    expect(await readCommand(ada, commandId)).toEqual({ commandId, status: "applied" });
    expect(await readGrant(ada)).toMatchObject({ media: { camera: true } });
  });

  it("is declined when the member declines the prompt, and nothing changes", async () => {
    const { campus, ada } = await callWithGrants(["ada"]);
    const commandId = await queueAction(ada, "unmute");
    await answerPrompt(campus, commandId, "decline");
    expect(await readCommand(ada, commandId)).toMatchObject({ status: "declined", result: { message: expect.any(String) } });
    expect(await readGrant(ada)).toMatchObject({ media: { microphone: false } });
  });

  it("is failed with a message when a precondition no longer holds on confirmation", async () => {
    const { campus, ada, grace } = await callWithGrants(["ada", "grace"]);
    await queueAction(grace, "stage/request");
    await queueAction(ada, "stage/approve", grace.participationId);
    const join = await queueAction(grace, "stage/join");
    await queueAction(ada, "stage/reject", grace.participationId);
    await answerPrompt(campus, join, "confirm");
    expect(await readCommand(grace, join)).toEqual({
      commandId: join,
      status: "failed",
      result: { code: "CALL_CONFLICT", message: expect.stringContaining("stage/join needs") },
    });
    expect(await readGrant(grace)).toMatchObject({ role: "audience", stageState: "none" });
  });

  it("is expired when not terminal 60 s after creation on the campus clock", async () => {
    const { campus, ada } = await callWithGrants(["ada"]);
    const commandId = await queueAction(ada, "cameraOn");
    await advanceClock(campus, 59);
    expect((await readCommand(ada, commandId)).status).toBe("pending");
    await advanceClock(campus, 1);
    expect(await readCommand(ada, commandId)).toMatchObject({ status: "expired", result: { message: expect.any(String) } });
    expect((await readPanel(ada)).prompts).toEqual([]);
    expect(await readError(await answerPrompt(campus, commandId, "confirm"))).toEqual({ status: 409, code: "CALL_CONFLICT" });
    expect(await readGrant(ada)).toMatchObject({ media: { camera: false } });
  });

  it("cannot be answered twice", async () => {
    const { campus, ada } = await callWithGrants(["ada"]);
    const commandId = await queueAction(ada, "unmute");
    await answerPrompt(campus, commandId, "confirm");
    expect(await readError(await answerPrompt(campus, commandId, "decline"))).toEqual({ status: 409, code: "CALL_CONFLICT" });
  });
});

describe("spec 4.8: only the issuing app and member may read a command", () => {
  it("answers 403 FORBIDDEN to another member and for an unknown ID", async () => {
    const { ada, grace } = await callWithGrants(["ada", "grace"]);
    const commandId = await queueAction(ada, "mute");
    expect(await readError(await callApi(grace, "GET", `/commands/${commandId}`))).toEqual({ status: 403, code: "FORBIDDEN" });
    expect(await readError(await callApi(grace, "GET", "/commands/cmd_unknown"))).toEqual({ status: 403, code: "FORBIDDEN" });
  });

  it("reads an opaque commandId with status and no other fields", async () => {
    const { ada } = await callWithGrants(["ada"]);
    const commandId = await queueAction(ada, "mute");
    expect(commandId).toMatch(/^cmd_[A-Za-z0-9_-]{22}$/);
    expect(await readCommand(ada, commandId)).toEqual({ commandId, status: "applied" });
  });
});
