import { describe, expect, it } from "vitest";
import {
  addSimulated,
  answerPrompt,
  callWithGrants,
  callWithMembers,
  newClientId,
  postCommand,
  queueAction,
  readCall,
  readCommand,
} from "../test-support/call-scenarios";
import { createTestCampus, openTestLaunch, readError, readJson, send } from "../test-support/test-campus";

describe("control API: calls", () => {
  it("lists calls with their members: username, participationId, role, presence, stage state, simulated, tab", async () => {
    const { campus, callId, ada, grace } = await callWithMembers(["ada", "grace"]);
    await addSimulated(campus, callId);
    expect(await readCall(campus, callId)).toMatchObject({
      hostUsername: "ada",
      hostUserId: ada.userId,
      endedAt: null,
      members: [
        { username: "ada", participationId: ada.participationId, role: "speaker", presence: "connected", stageState: "none", simulated: false, tabId: ada.tabId },
        { username: "grace", participationId: grace.participationId, role: "audience", simulated: false, tabId: grace.tabId },
        { username: "sim_01", simulated: true, tabId: null },
      ],
    });
  });

  it("starts a call in the tab of the member's most recent current launch, or the given tab", async () => {
    const campus = createTestCampus();
    await openTestLaunch(campus, { member: "ada", tabId: "tab-ada-old" });
    await openTestLaunch(campus, { member: "ada", tabId: "tab-ada-new" });
    const { callId } = await readJson<{ callId: string }>(await send(campus, "POST", "/control/calls", { json: { username: "ada" } }));
    expect((await readCall(campus, callId)).members[0]?.tabId).toBe("tab-ada-new");
    const given = await send(campus, "POST", "/control/calls", { json: { username: "grace", tabId: "tab-grace-given" } });
    expect((await readCall(campus, (await readJson<{ callId: string }>(given)).callId)).members[0]?.tabId).toBe("tab-grace-given");
  });

  it("refuses an unknown member, a member without a launch, and a member already in a call", async () => {
    const { campus } = await callWithMembers(["ada"]);
    expect(await readError(await send(campus, "POST", "/control/calls", { json: { username: "mallory" } }))).toEqual({ status: 400, code: "BAD_USER_INPUT" });
    expect(await readError(await send(campus, "POST", "/control/calls", { json: { username: "linus" } }))).toEqual({ status: 400, code: "BAD_USER_INPUT" });
    expect(await readError(await send(campus, "POST", "/control/calls", { json: { username: "ada" } }))).toEqual({ status: 409, code: "CALL_CONFLICT" });
  });

  it("adds simulated members in bulk and a real member in a given tab", async () => {
    const { campus, callId } = await callWithMembers(["ada"]);
    expect(await addSimulated(campus, callId, 3)).toHaveLength(3);
    const joined = await send(campus, "POST", `/control/calls/${callId}/members`, { json: { username: "linus", tabId: "tab-linus-5", role: "speaker" } });
    expect((await readJson<{ participationIds: string[] }>(joined)).participationIds).toHaveLength(1);
    expect((await readCall(campus, callId)).members.at(-1)).toMatchObject({ username: "linus", tabId: "tab-linus-5", role: "speaker" });
  });

  it("answers 404 for an unknown call, participation or operation, and 409 for an ended call", async () => {
    const { campus, callId, ada } = await callWithGrants(["ada"]);
    expect((await send(campus, "POST", "/control/calls/call_x/members", { json: { simulated: true } })).status).toBe(404);
    expect((await send(campus, "POST", `/control/calls/${callId}/members/ptc_x/drop`, { json: {} })).status).toBe(404);
    expect((await send(campus, "POST", `/control/calls/${callId}/members/${ada.participationId}/explode`, { json: {} })).status).toBe(404);
    await answerPrompt(campus, await queueAction(ada, "end"), "confirm");
    expect(await readError(await send(campus, "POST", `/control/calls/${callId}/members`, { json: { simulated: true } }))).toEqual({ status: 409, code: "CALL_CONFLICT" });
  });
});

describe("control API: native prompts and approvals", () => {
  it("confirms and declines commands, answering the command read", async () => {
    const { campus, ada } = await callWithGrants(["ada"]);
    const on = await queueAction(ada, "cameraOn");
    expect(await readJson(await answerPrompt(campus, on, "confirm"))).toEqual({ commandId: on, status: "applied" });
    const unmute = await queueAction(ada, "unmute");
    expect(await readJson(await answerPrompt(campus, unmute, "decline"))).toMatchObject({ commandId: unmute, status: "declined" });
    expect((await send(campus, "POST", "/control/commands/cmd_x/confirm", { json: {} })).status).toBe(404);
  });

  it("allows or denies a grant's approval prompt", async () => {
    const { campus, ada } = await callWithMembers(["ada"]);
    const { grantId } = await readJson<{ grantId: string }>(
      await send(campus, "POST", "/v1/apps/calls/attach", { headers: { Authorization: `Bearer ${ada.accessToken}` } }),
    );
    expect(await readJson(await send(campus, "POST", `/control/grants/${grantId}/deny`, { json: {} }))).toEqual({ grantId, status: "denied" });
  });
});

describe("control API: reset clears calls, grants, commands and rate windows", () => {
  it("starts over from no calls", async () => {
    const { campus, ada } = await callWithGrants(["ada"]);
    for (let i = 0; i < 30; i += 1) await postCommand(ada, "playback", { clientId: newClientId(), muted: true });
    expect((await postCommand(ada, "playback", { clientId: newClientId(), muted: true })).status).toBe(429);
    await send(campus, "POST", "/control/reset", { json: {} });
    expect(await readJson(await send(campus, "GET", "/control/calls"))).toEqual({ calls: [] });
    const { state } = campus.context;
    expect([state.grants.listGrants(), state.commands.listCommands(), state.invitations.listInvitations()]).toEqual([[], [], []]);
    expect(state.rateWindows.secondsUntilFree(`commands:${ada.launchId}`, 30)).toBe(0);
  });

  it("ends the tokens, so a command read after a reset is 401", async () => {
    const { campus, ada } = await callWithGrants(["ada"]);
    const commandId = await queueAction(ada, "mute");
    expect((await readCommand(ada, commandId)).status).toBe("applied");
    await send(campus, "POST", "/control/reset", { json: {} });
    expect(await readError(await send(campus, "GET", `/v1/apps/calls/commands/${commandId}`, { headers: { Authorization: `Bearer ${ada.accessToken}` } }))).toEqual({ status: 401, code: "INVALID_TOKEN" });
  });
});
