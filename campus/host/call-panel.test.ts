import { describe, expect, it } from "vitest";
import {
  addSimulated,
  attach,
  callWithGrants,
  callWithMembers,
  logIn,
  loggedInMembers,
  queueAction,
  queueStart,
  readGrant,
  readPanel,
  readStatus,
} from "../test-support/call-scenarios";
import type { TestMember } from "../test-support/call-scenarios";
import { createTestCampus, readError, send } from "../test-support/test-campus";

const hostPost = (member: TestMember, path: string, body: Record<string, unknown> = {}, tabId = member.tabId) =>
  send(member.campus, "POST", path, { json: { tabId, ...body }, member: member.username });

describe("the campus page holds the native call panel, its prompts and the simulator", () => {
  it("renders their containers with test IDs", async () => {
    const html = await (await send(createTestCampus(), "GET", "/")).text();
    for (const id of ["call-panel", "call-prompts", "call-simulator", "call-error"]) expect(html).toContain(`data-testid="${id}"`);
    expect(html).toContain('"callPollIntervalMs":1000');
  });

  it.each([
    ["call-panel.ts", "call-error"],
    ["call-prompts.ts", "command-confirm"],
    ["call-roster.ts", "call-participant"],
    ["call-simulator.ts", "sim-add"],
    ["call-start.ts", "start-call-confirm"],
  ])("serves %s in the page script", async (_module, testId) => {
    const response = await send(createTestCampus(), "GET", "/assets/campus.js");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/javascript/);
    expect(await response.text()).toContain(`"${testId}"`);
  });

  it("needs the tab: GET /host/call without tabId is 400 BAD_REQUEST", async () => {
    expect(await readError(await send(createTestCampus(), "GET", "/host/call"))).toEqual({ status: 400, code: "BAD_REQUEST" });
  });
});

describe("not in a call: start a call and answer incoming invitations", () => {
  it("starts a call in this tab, inviting a member whose every tab shows the invitation", async () => {
    const { ada, grace } = await loggedInMembers(["ada", "grace"]);
    const started = await hostPost(ada, "/host/call/start", { recipientId: grace.userId, role: "speaker" });
    expect(started.status).toBe(200);
    expect((await readPanel(ada)).call).toMatchObject({ isHost: true, role: "speaker", capacity: { members: 1 } });
    expect((await readPanel(grace, "tab-grace-9")).invitations).toMatchObject([{ inviter: "ada", role: "speaker" }]);
    const [invitation] = (await readPanel(grace)).invitations;
    expect((await hostPost(grace, `/host/call/invitations/${invitation!.invitationId}/accept`, {}, "tab-grace-9")).status).toBe(200);
    expect((await readPanel(grace, "tab-grace-9")).call).toMatchObject({ role: "speaker" });
    expect((await readPanel(grace)).callInOtherTab).toBe(true);
    expect(await readStatus(grace)).toMatchObject({ access: "unavailable" });
  });

  it("declines an invitation", async () => {
    const { ada, grace } = await loggedInMembers(["ada", "grace"]);
    await hostPost(ada, "/host/call/start", { recipientId: grace.userId });
    const [invitation] = (await readPanel(grace)).invitations;
    await hostPost(grace, `/host/call/invitations/${invitation!.invitationId}/decline`);
    expect((await readPanel(grace)).invitations).toEqual([]);
    expect(await readError(await hostPost(grace, `/host/call/invitations/${invitation!.invitationId}/accept`))).toEqual({ status: 409, code: "CALL_CONFLICT" });
  });

  it("refuses to start while an invitation is pending or a call is on", async () => {
    const { ada, grace } = await loggedInMembers(["ada", "grace"]);
    await hostPost(ada, "/host/call/start", { recipientId: grace.userId });
    expect(await readError(await hostPost(grace, "/host/call/start"))).toEqual({ status: 409, code: "CALL_CONFLICT" });
    expect(await readError(await hostPost(ada, "/host/call/start", {}, "tab-ada-2"))).toEqual({ status: 409, code: "CALL_CONFLICT" });
  });
});

describe("in a call: the member's own controls and the host's moderation apply at once", () => {
  it("turns devices on and off for a speaker, and moves an audience member onto the stage", async () => {
    const { ada, grace } = await callWithGrants(["ada", "grace"]);
    await hostPost(ada, "/host/call/actions", { action: "cameraOn" });
    await hostPost(grace, "/host/call/actions", { action: "stage/request" });
    await hostPost(ada, "/host/call/actions", { action: "stage/approve", targetId: grace.participationId });
    await hostPost(grace, "/host/call/actions", { action: "stage/join" });
    expect(await readGrant(grace)).toMatchObject({
      role: "speaker",
      media: { speakers: [{ participationId: ada.participationId, camera: true }, { participationId: grace.participationId }] },
    });
  });

  it("refuses host moderation to others with 403 FORBIDDEN, and a bad action with 400 BAD_REQUEST", async () => {
    const { ada, grace } = await callWithMembers(["ada", "grace"]);
    expect(await readError(await hostPost(grace, "/host/call/actions", { action: "end" }))).toEqual({ status: 403, code: "FORBIDDEN" });
    expect(await readError(await hostPost(ada, "/host/call/actions", { action: "stage/approve" }))).toEqual({ status: 400, code: "BAD_REQUEST" });
    expect(await readError(await hostPost(ada, "/host/call/actions", { action: "mute" }, "tab-ada-2"))).toEqual({ status: 409, code: "CALL_CONFLICT" });
  });
});

describe("native prompts: call approval and command confirmations", () => {
  it("allows or denies the waiting approval; with none waiting it is 409", async () => {
    const { ada } = await callWithMembers(["ada"]);
    expect(await readError(await hostPost(ada, "/host/call/approval", { decision: "allow" }))).toEqual({ status: 409, code: "CALL_CONFLICT" });
    const { grantId } = await attach(ada);
    expect((await hostPost(ada, "/host/call/approval", { decision: "allow" })).status).toBe(200);
    expect((await readGrant(ada, grantId)).status).toBe("active");
  });

  it("confirms a start prompt with the recipient and role chosen in the sheet", async () => {
    const { ada, grace } = await loggedInMembers(["ada", "grace"]);
    const commandId = await queueStart(ada);
    expect(await readError(await hostPost(ada, `/host/call/prompts/${commandId}/confirm`, { recipientId: "usr_nobody" }))).toEqual({ status: 400, code: "BAD_REQUEST" });
    expect((await hostPost(ada, `/host/call/prompts/${commandId}/confirm`, { recipientId: grace.userId, role: "audience" })).status).toBe(200);
    expect((await readPanel(grace)).invitations).toMatchObject([{ inviter: "ada", role: "audience" }]);
  });

  it("answers only prompts of this member and tab", async () => {
    const { campus, ada } = await callWithGrants(["ada"]);
    const commandId = await queueAction(ada, "unmute");
    const grace = await logIn(campus, "grace");
    expect(await readError(await hostPost(grace, `/host/call/prompts/${commandId}/decline`))).toEqual({ status: 409, code: "CALL_CONFLICT" });
    expect(await readError(await hostPost(ada, `/host/call/prompts/${commandId}/decline`, {}, "tab-ada-2"))).toEqual({ status: 409, code: "CALL_CONFLICT" });
    expect((await hostPost(ada, `/host/call/prompts/${commandId}/decline`)).status).toBe(200);
  });
});

describe("the simulator panel acts on the call of this tab", () => {
  it("adds a simulated member and runs its operations", async () => {
    const { ada } = await callWithMembers(["ada"]);
    await hostPost(ada, "/host/call/simulator/members");
    const sim = (await readPanel(ada)).call!.participants[1]!;
    expect(sim).toMatchObject({ username: "sim_01", simulated: true });
    await hostPost(ada, `/host/call/simulator/members/${sim.participationId}/speak`);
    expect((await readPanel(ada)).call!.participants[1]).toMatchObject({ role: "speaker", camera: true, microphone: true });
  });

  it("lists simulated members that left, so they can rejoin", async () => {
    const { campus, callId, ada } = await callWithMembers(["ada"]);
    const [sim] = await addSimulated(campus, callId);
    await hostPost(ada, `/host/call/simulator/members/${sim}/leave`);
    await send(campus, "POST", "/control/clock/advance", { json: { seconds: 3 } });
    expect((await readPanel(ada)).call!.simulated).toEqual([{ username: "sim_01", participationId: sim, current: false }]);
    await hostPost(ada, `/host/call/simulator/members/${sim}/rejoin`);
    expect((await readPanel(ada)).call!.simulated[0]).toMatchObject({ username: "sim_01", current: true });
  });

  it("refuses real members and unknown operations", async () => {
    const { ada, grace } = await callWithMembers(["ada", "grace"]);
    expect(await readError(await hostPost(ada, `/host/call/simulator/members/${grace.participationId}/drop`))).toEqual({ status: 409, code: "CALL_CONFLICT" });
    expect(await readError(await hostPost(ada, `/host/call/simulator/members/${grace.participationId}/explode`))).toEqual({ status: 400, code: "BAD_REQUEST" });
  });
});
