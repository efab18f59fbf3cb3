import { describe, expect, it } from "vitest";
import type { CallParticipant } from "../../lib/contract";
import { addSimulated, callWithGrants, readCall, readGrant, simulate } from "../test-support/call-scenarios";
import { advanceClock, readError, readJson } from "../test-support/test-campus";

async function rosterOf(member: Parameters<typeof readGrant>[0]): Promise<CallParticipant[]> {
  const grant = await readGrant(member);
  if (grant.status !== "active") throw new Error(`expected an active grant, got ${grant.status}`);
  return grant.participants;
}

describe("simulated members appear in the roster like any member", () => {
  it("adds generated members as connected audience, with stable usernames and no avatar", async () => {
    const { campus, callId, ada } = await callWithGrants(["ada"]);
    const [first] = await addSimulated(campus, callId, 2);
    const roster = await rosterOf(ada);
    expect(roster.slice(1)).toMatchObject([
      { participationId: first, username: "sim_01", role: "audience", presence: "connected", stageState: "none", avatarUrl: null },
      { username: "sim_02" },
    ]);
    expect(roster[1]?.userId).toMatch(/^usr_[0-9a-f]{24}$/);
  });

  it("makes one speak: a seat, camera and microphone on, in the speakers' media flags", async () => {
    const { campus, callId, ada } = await callWithGrants(["ada"]);
    const [sim] = await addSimulated(campus, callId);
    await simulate(campus, callId, sim!, "speak");
    expect(await readGrant(ada)).toMatchObject({
      capacity: { seatsTaken: 2 },
      media: { speakers: [{ participationId: ada.participationId }, { participationId: sim, camera: true, microphone: true }] },
    });
  });

  it("requests the stage for one", async () => {
    const { campus, callId, ada } = await callWithGrants(["ada"]);
    const [sim] = await addSimulated(campus, callId);
    await simulate(campus, callId, sim!, "stage-request");
    expect((await rosterOf(ada))[1]).toMatchObject({ stageState: "requested" });
  });
});

describe("spec 2: presence moves between connected, reconnecting and leaving", () => {
  it("drops a connection to reconnecting and restores it", async () => {
    const { campus, callId, ada } = await callWithGrants(["ada"]);
    const [sim] = await addSimulated(campus, callId);
    await simulate(campus, callId, sim!, "drop");
    expect((await rosterOf(ada))[1]).toMatchObject({ presence: "reconnecting" });
    await simulate(campus, callId, sim!, "restore");
    expect((await rosterOf(ada))[1]).toMatchObject({ presence: "connected" });
  });

  it("shows a simulated member leaving, then removes it after SIM_LEAVING_SECONDS (policy.ts)", async () => {
    const { campus, callId, ada } = await callWithGrants(["ada"]);
    const [sim] = await addSimulated(campus, callId);
    await simulate(campus, callId, sim!, "leave");
    expect((await rosterOf(ada))[1]).toMatchObject({ presence: "leaving" });
    await advanceClock(campus, 3);
    expect(await rosterOf(ada)).toHaveLength(1);
  });

  it("reports the reader's own dropped connection in media.connection", async () => {
    const { campus, callId, ada, grace } = await callWithGrants(["ada", "grace"]);
    await simulate(campus, callId, grace.participationId, "drop");
    expect(await readGrant(grace)).toMatchObject({ media: { connection: "reconnecting" } });
    expect((await rosterOf(ada))[1]).toMatchObject({ presence: "reconnecting" });
  });

  it("passes host to a simulated member when the host leaves it alone in the call", async () => {
    const { campus, callId, ada } = await callWithGrants(["ada"]);
    await addSimulated(campus, callId);
    await simulate(campus, callId, ada.participationId, "leave");
    expect(await readCall(campus, callId)).toMatchObject({ hostUsername: "sim_01", endedAt: null });
  });
});

describe("spec 2: participationId changes when a member rejoins", () => {
  it("gives a rejoining simulated member a new participationId, as audience", async () => {
    const { campus, callId, ada } = await callWithGrants(["ada"]);
    const [sim] = await addSimulated(campus, callId);
    await simulate(campus, callId, sim!, "speak");
    const { participationId } = await readJson<{ participationId: string }>(await simulate(campus, callId, sim!, "rejoin"));
    expect(participationId).not.toBe(sim);
    expect((await rosterOf(ada))[1]).toMatchObject({ participationId, username: "sim_01", role: "audience" });
  });

  it("rejoins a simulated member that had left", async () => {
    const { campus, callId, ada } = await callWithGrants(["ada"]);
    const [sim] = await addSimulated(campus, callId);
    await simulate(campus, callId, sim!, "leave");
    await advanceClock(campus, 3);
    const { participationId } = await readJson<{ participationId: string }>(await simulate(campus, callId, sim!, "rejoin"));
    expect((await rosterOf(ada)).map((p) => p.participationId)).toEqual([ada.participationId, participationId]);
  });

  it("refuses operations on a participation that has ended, except rejoin", async () => {
    const { campus, callId } = await callWithGrants(["ada"]);
    const [sim] = await addSimulated(campus, callId);
    await simulate(campus, callId, sim!, "rejoin");
    expect(await readError(await simulate(campus, callId, sim!, "speak"))).toEqual({ status: 409, code: "CALL_CONFLICT" });
  });
});
