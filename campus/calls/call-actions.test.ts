import { describe, expect, it } from "vitest";
import {
  answerPrompt,
  callApi,
  callWithGrants,
  newClientId,
  postCommand,
  queueAction,
  queueCommand,
  readCall,
  readCommand,
  readGrant,
  readStatus,
} from "../test-support/call-scenarios";
import { readError, readJson } from "../test-support/test-campus";

/** A speaker with camera and microphone on, through confirmed native prompts. */
async function turnDevicesOn(member: Parameters<typeof queueAction>[0]) {
  for (const action of ["cameraOn", "unmute"]) await answerPrompt(member.campus, await queueAction(member, action), "confirm");
}

describe("spec 4.7: camera-off, mute and playback apply at once", () => {
  it.each([
    ["cameraOff", { camera: false }],
    ["mute", { microphone: false }],
  ])("%s is applied on creation", async (action, media) => {
    const { ada } = await callWithGrants(["ada"]);
    await turnDevicesOn(ada);
    const commandId = await queueAction(ada, action);
    expect((await readCommand(ada, commandId)).status).toBe("applied");
    expect(await readGrant(ada)).toMatchObject({ media });
  });

  it("playback mute and unmute are applied on creation", async () => {
    const { ada } = await callWithGrants(["ada"]);
    const muted = await queueCommand(ada, "playback", { muted: true });
    expect((await readCommand(ada, muted)).status).toBe("applied");
    expect(await readGrant(ada)).toMatchObject({ media: { playbackMuted: true } });
    await queueCommand(ada, "playback", { muted: false });
    expect(await readGrant(ada)).toMatchObject({ media: { playbackMuted: false } });
  });
});

describe("spec 4.7 and policy.ts: camera-on, unmute, stage/join, leave and end need native confirmation", () => {
  it.each(["cameraOn", "unmute", "leave", "end"])("%s waits as pending and changes nothing until confirmed", async (action) => {
    const { campus, ada } = await callWithGrants(["ada"]);
    const commandId = await queueAction(ada, action);
    expect((await readCommand(ada, commandId)).status).toBe("pending");
    expect(await readGrant(ada)).toMatchObject({ status: "active", media: { camera: false, microphone: false } });
    await answerPrompt(campus, commandId, "confirm");
    expect((await readCommand(ada, commandId)).status).toBe("applied");
  });

  it("refuses camera-on for a member of the audience: 409 CALL_CONFLICT", async () => {
    const { grace } = await callWithGrants(["ada", "grace"]);
    expect(await readError(await postCommand(grace, "action", { clientId: newClientId(), action: "cameraOn" }))).toEqual({ status: 409, code: "CALL_CONFLICT" });
  });
});

describe("spec 4.7: only the actual current host can approve, reject, demote or end", () => {
  it.each([
    ["stage/approve", true],
    ["stage/reject", true],
    ["stage/demote", true],
    ["end", false],
  ])("answers 403 FORBIDDEN with the rule to a non-host for %s, at request time", async (action, targeted) => {
    const { campus, ada, grace } = await callWithGrants(["ada", "grace"]);
    const body = { clientId: newClientId(), action, ...(targeted ? { targetId: ada.participationId } : {}) };
    const response = await postCommand(grace, "action", body);
    const { error } = await readJson<{ error: { code: string; message: string } }>(response);
    expect(response.status).toBe(403);
    expect(error).toEqual({ code: "FORBIDDEN", message: expect.stringContaining("Only the current host") });
    expect(campus.context.state.commands.listCommands()).toHaveLength(0);
  });

  it("follows the host when it passes: the new host may moderate, the old one may not", async () => {
    const { campus, ada, grace, linus } = await callWithGrants(["ada", "grace", "linus"]);
    await answerPrompt(campus, await queueAction(ada, "leave"), "confirm");
    expect(await readGrant(grace)).toMatchObject({ hostUserId: grace.userId });
    await queueAction(linus, "stage/request");
    expect((await postCommand(grace, "action", { clientId: newClientId(), action: "stage/approve", targetId: linus.participationId })).status).toBe(200);
  });
});

describe("host leaving and end (spec 4.7, policy.ts)", () => {
  it("passes host to the longest-present remaining member when the host leaves", async () => {
    const { campus, callId, ada, grace } = await callWithGrants(["ada", "grace", "linus"]);
    await answerPrompt(campus, await queueAction(ada, "leave"), "confirm");
    expect(await readCall(campus, callId)).toMatchObject({ hostUsername: "grace", endedAt: null });
    expect(await readGrant(grace)).toMatchObject({ hostUserId: grace.userId, capacity: { members: 2 } });
  });

  it("ends the call for everyone on end: grants end, status is unavailable", async () => {
    const { campus, callId, ada, grace } = await callWithGrants(["ada", "grace"]);
    await answerPrompt(campus, await queueAction(ada, "end"), "confirm");
    expect((await readCall(campus, callId)).endedAt).not.toBeNull();
    expect(await readGrant(grace)).toEqual({ grantId: grace.grantId, status: "ended" });
    expect(await readStatus(grace)).toMatchObject({ access: "unavailable" });
  });

  it("ends the call when its last member leaves", async () => {
    const { campus, callId, ada } = await callWithGrants(["ada"]);
    await answerPrompt(campus, await queueAction(ada, "leave"), "confirm");
    expect((await readCall(campus, callId)).endedAt).not.toBeNull();
  });

  it("never leaves a call automatically: start while in a call is 409", async () => {
    const { ada } = await callWithGrants(["ada"]);
    const response = await callApi(ada, "POST", "/start", { clientId: newClientId() });
    expect(await readError(response)).toEqual({ status: 409, code: "CALL_CONFLICT" });
    expect(await readStatus(ada)).toMatchObject({ access: "approved" });
  });
});
