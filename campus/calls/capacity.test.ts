import { describe, expect, it } from "vitest";
import {
  addSimulated,
  answerPrompt,
  callApi,
  callWithGrants,
  logIn,
  newClientId,
  queueAccept,
  queueCommand,
  readCommand,
  readGrant,
  simulate,
} from "../test-support/call-scenarios";
import { readError, send } from "../test-support/test-campus";

type Fixture = Awaited<ReturnType<typeof callWithGrants<"ada">>>;

/** Fills the remaining five seats with speaking simulated members (the host holds the sixth). */
async function fillSeats({ campus, callId }: Fixture) {
  for (const id of await addSimulated(campus, callId, 5)) await simulate(campus, callId, id, "speak");
}

describe("spec 4.7: an explicit speaker role fails when all six seats are taken or reserved", () => {
  it("refuses an invite with role speaker: 409 CALL_CONFLICT", async () => {
    const fixture = await callWithGrants(["ada"]);
    await fillSeats(fixture);
    const { ada, campus } = fixture;
    expect(await readGrant(ada)).toMatchObject({ capacity: { seatsTaken: 6 } });
    const response = await callApi(ada, "POST", `/grants/${ada.grantId}/commands/invite`, { clientId: newClientId(), role: "speaker" });
    expect(await readError(response)).toEqual({ status: 409, code: "CALL_CONFLICT" });
    expect(campus.context.state.commands.listCommands()).toHaveLength(0);
  });

  it("still invites with role audience or automatic allocation", async () => {
    const fixture = await callWithGrants(["ada"]);
    await fillSeats(fixture);
    expect(await readCommand(fixture.ada, await queueCommand(fixture.ada, "invite", { role: "audience" }))).toMatchObject({ status: "pending" });
    expect(await readCommand(fixture.ada, await queueCommand(fixture.ada, "invite"))).toMatchObject({ status: "pending" });
  });

  it("fails the acceptance of a speaker invitation when the seats filled up meanwhile", async () => {
    const fixture = await callWithGrants(["ada"]);
    const { campus, ada } = fixture;
    const grace = await logIn(campus, "grace");
    await answerPrompt(campus, await queueCommand(ada, "invite", { recipientId: grace.userId, role: "speaker" }), "confirm");
    await fillSeats(fixture);
    const accept = await queueAccept(grace);
    await answerPrompt(campus, accept, "confirm");
    expect(await readCommand(grace, accept)).toMatchObject({ status: "failed", result: { code: "CALL_CONFLICT", message: expect.stringContaining("seats") } });
  });
});

describe("spec 2: a call holds 100 members; member 101 is rejected with 409", () => {
  it("refuses the 101st member by every way in", async () => {
    const { campus, callId, ada } = await callWithGrants(["ada"]);
    await addSimulated(campus, callId, 99);
    expect(await readGrant(ada)).toMatchObject({ capacity: { members: 100, maxMembers: 100 } });
    const grace = await logIn(campus, "grace");
    expect(await readError(await send(campus, "POST", `/control/calls/${callId}/members`, { json: { simulated: true } }))).toEqual({ status: 409, code: "CALL_CONFLICT" });
    expect(await readError(await send(campus, "POST", `/control/calls/${callId}/members`, { json: { username: "grace" } }))).toEqual({ status: 409, code: "CALL_CONFLICT" });
    const invite = await callApi(ada, "POST", `/grants/${ada.grantId}/commands/invite`, { clientId: newClientId(), recipientId: grace.userId });
    expect(await readError(invite)).toEqual({ status: 409, code: "CALL_CONFLICT" });
    const grant = await readGrant(ada);
    expect(grant.status === "active" && grant.participants).toHaveLength(100);
  });

  it("refuses an acceptance that would be member 101", async () => {
    const { campus, callId, ada } = await callWithGrants(["ada"]);
    const grace = await logIn(campus, "grace");
    await answerPrompt(campus, await queueCommand(ada, "invite", { recipientId: grace.userId }), "confirm");
    await addSimulated(campus, callId, 99);
    const accept = await queueAccept(grace);
    await answerPrompt(campus, accept, "confirm");
    expect(await readCommand(grace, accept)).toMatchObject({ status: "failed", result: { code: "CALL_CONFLICT" } });
  });
});
