import { describe, expect, it } from "vitest";
import {
  addSimulated,
  answerPrompt,
  callWithGrants,
  newClientId,
  postCommand,
  queueAction,
  readCommand,
  readGrant,
  simulate,
} from "../test-support/call-scenarios";
import { readError } from "../test-support/test-campus";

describe("policy.ts stage transitions: request, approve (reserves a seat), join (native), leave", () => {
  it("moves an audience member onto the stage", async () => {
    const { campus, ada, grace } = await callWithGrants(["ada", "grace"]);
    await queueAction(grace, "stage/request");
    expect(await readGrant(grace)).toMatchObject({ role: "audience", stageState: "requested", capacity: { seatsTaken: 1 } });
    await queueAction(ada, "stage/approve", grace.participationId);
    expect(await readGrant(grace)).toMatchObject({ role: "audience", stageState: "approved", capacity: { seatsTaken: 2 } });
    const join = await queueAction(grace, "stage/join");
    expect((await readCommand(grace, join)).status).toBe("pending");
    await answerPrompt(campus, join, "confirm");
    expect(await readGrant(grace)).toMatchObject({ role: "speaker", stageState: "none", capacity: { seatsTaken: 2 } });
    await queueAction(grace, "stage/leave");
    expect(await readGrant(grace)).toMatchObject({ role: "audience", stageState: "none", capacity: { seatsTaken: 1 } });
  });

  it("cancels an own request, requested or approved", async () => {
    const { ada, grace } = await callWithGrants(["ada", "grace"]);
    await queueAction(grace, "stage/request");
    await queueAction(grace, "stage/cancel");
    expect(await readGrant(grace)).toMatchObject({ stageState: "none" });
    await queueAction(grace, "stage/request");
    await queueAction(ada, "stage/approve", grace.participationId);
    await queueAction(grace, "stage/cancel");
    expect(await readGrant(grace)).toMatchObject({ stageState: "none", capacity: { seatsTaken: 1 } });
  });

  it("lets the host reject a request and demote a speaker", async () => {
    const { campus, ada, grace } = await callWithGrants(["ada", "grace"]);
    await queueAction(grace, "stage/request");
    await queueAction(ada, "stage/reject", grace.participationId);
    expect(await readGrant(grace)).toMatchObject({ stageState: "none" });
    await queueAction(grace, "stage/request");
    await queueAction(ada, "stage/approve", grace.participationId);
    await answerPrompt(campus, await queueAction(grace, "stage/join"), "confirm");
    await answerPrompt(campus, await queueAction(grace, "cameraOn"), "confirm");
    await queueAction(ada, "stage/demote", grace.participationId);
    expect(await readGrant(grace)).toMatchObject({ role: "audience", stageState: "none", media: { camera: false } });
  });

  it.each([
    ["stage/join without approval", "grace", "stage/join", false],
    ["stage/leave from the audience", "grace", "stage/leave", false],
    ["stage/cancel without a request", "grace", "stage/cancel", false],
    ["stage/request by a speaker", "ada", "stage/request", false],
    ["stage/approve without a request", "ada", "stage/approve", true],
    ["stage/demote of the audience", "ada", "stage/demote", true],
  ])("refuses %s with 409 CALL_CONFLICT and creates no command", async (_case, who, action, targeted) => {
    const fixture = await callWithGrants(["ada", "grace"]);
    const actor = who === "ada" ? fixture.ada : fixture.grace;
    const body = { clientId: newClientId(), action, ...(targeted ? { targetId: fixture.grace.participationId } : {}) };
    expect(await readError(await postCommand(actor, "action", body))).toEqual({ status: 409, code: "CALL_CONFLICT" });
    expect(fixture.campus.context.state.commands.listCommands()).toHaveLength(0);
  });

  it("refuses a target that is not in the call with 409", async () => {
    const { ada } = await callWithGrants(["ada"]);
    const body = { clientId: newClientId(), action: "stage/approve", targetId: "ptc_gone" };
    expect(await readError(await postCommand(ada, "action", body))).toEqual({ status: 409, code: "CALL_CONFLICT" });
  });
});

describe("spec 3: six speaker seats, counting approved requests as reserved", () => {
  it("refuses an approval when all six seats are taken or reserved", async () => {
    const { campus, callId, ada, grace } = await callWithGrants(["ada", "grace"]);
    const sims = await addSimulated(campus, callId, 5);
    for (const id of sims.slice(0, 4)) await simulate(campus, callId, id, "speak");
    await simulate(campus, callId, sims[4]!, "stage-request");
    await queueAction(ada, "stage/approve", sims[4]!);
    expect(await readGrant(ada)).toMatchObject({ capacity: { seatsTaken: 6 } });
    await queueAction(grace, "stage/request");
    const body = { clientId: newClientId(), action: "stage/approve", targetId: grace.participationId };
    expect(await readError(await postCommand(ada, "action", body))).toEqual({ status: 409, code: "CALL_CONFLICT" });
  });
});
