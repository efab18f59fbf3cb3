import { describe, expect, it } from "vitest";
import { callParticipantSchema } from "../../lib/contract";
import {
  answerApprovalPrompt,
  answerPrompt,
  approveCall,
  attach,
  callApi,
  callWithGrants,
  callWithMembers,
  logIn,
  queueAction,
  readGrant,
  simulate,
} from "../test-support/call-scenarios";
import { readError } from "../test-support/test-campus";

describe("spec 2: a grant carries no roster until it is active", () => {
  it.each(["approval", "denied", "ended"])("reads only grantId and status while %s", async (wanted) => {
    const { campus, ada } = await callWithMembers(["ada", "grace"]);
    const { grantId } = await attach(ada);
    if (wanted === "denied") await answerApprovalPrompt(ada, "deny");
    if (wanted === "ended") {
      await answerApprovalPrompt(ada, "allow");
      ada.grantId = grantId;
      await answerPrompt(campus, await queueAction(ada, "leave"), "confirm");
    }
    expect(await readGrant(ada, grantId)).toEqual({ grantId, status: wanted });
  });
});

describe("spec 2: an active grant carries the call, the whole public roster and native media status", () => {
  it("names the call, the reader's participation, the host, role, stage state and capacity", async () => {
    const { callId, ada, grace } = await callWithGrants(["ada", "grace"]);
    expect(await readGrant(grace)).toMatchObject({
      grantId: grace.grantId,
      status: "active",
      callId,
      participationId: grace.participationId,
      hostUserId: ada.userId,
      role: "audience",
      stageState: "none",
      capacity: { members: 2, maxMembers: 100, speakerSeats: 6, seatsTaken: 1 },
    });
  });

  it("lists every current participant with display data only", async () => {
    const { campus, callId, ada, linus } = await callWithGrants(["ada", "grace", "linus"]);
    await simulate(campus, callId, linus.participationId, "drop");
    const grant = await readGrant(ada);
    if (grant.status !== "active") throw new Error("expected an active grant");
    expect(grant.participants.map((p) => [p.username, p.role, p.presence])).toEqual([
      ["ada", "speaker", "connected"],
      ["grace", "audience", "connected"],
      ["linus", "audience", "reconnecting"],
    ]);
    for (const participant of grant.participants) {
      expect(Object.keys(callParticipantSchema.parse(participant)).sort()).toEqual(
        ["avatarUrl", "participationId", "presence", "role", "stageState", "userId", "username"],
      );
    }
    expect(grant.participants[2]?.avatarUrl).toBeNull();
  });

  it("holds the reader's devices, playback and connection, and the speakers' flags", async () => {
    const { campus, ada, grace } = await callWithGrants(["ada", "grace"]);
    await answerPrompt(campus, await queueAction(ada, "cameraOn"), "confirm");
    await answerPrompt(campus, await queueAction(ada, "unmute"), "confirm");
    expect(await readGrant(grace)).toMatchObject({
      media: {
        camera: false,
        microphone: false,
        playbackMuted: false,
        connection: "connected",
        speakers: [{ participationId: ada.participationId, camera: true, microphone: true }],
      },
    });
  });
});

describe("spec 4: a grant belongs to one app, member and tab", () => {
  it("answers 403 FORBIDDEN for another member's grant, without saying it exists", async () => {
    const { ada, grace } = await callWithGrants(["ada", "grace"]);
    const other = await callApi(grace, "GET", `/grants/${ada.grantId}`);
    const unknown = await callApi(grace, "GET", "/grants/grt_unknown");
    const otherBody: unknown = await other.clone().json();
    expect(await readError(other)).toEqual({ status: 403, code: "FORBIDDEN" });
    expect(otherBody).toEqual(await unknown.json());
  });

  it("answers 403 FORBIDDEN to a launch in another tab of the same member", async () => {
    const { campus, ada } = await callWithGrants(["ada"]);
    const otherTab = await logIn(campus, "ada", "tab-ada-2");
    expect(await readError(await callApi(otherTab, "GET", `/grants/${ada.grantId}`))).toEqual({ status: 403, code: "FORBIDDEN" });
  });

  it("takes no query parameters", async () => {
    const { ada } = await callWithGrants(["ada"]);
    expect(await readError(await callApi(ada, "GET", `/grants/${ada.grantId}?full=1`))).toEqual({ status: 400, code: "BAD_USER_INPUT" });
  });

  it("is readable again after a fresh login in the same tab", async () => {
    const { campus, ada } = await callWithGrants(["ada"]);
    const relogin = await logIn(campus, "ada", ada.tabId);
    expect((await readGrant(relogin, ada.grantId)).status).toBe("active");
    await approveCall(relogin);
    expect(relogin.grantId).toBe(ada.grantId);
  });
});
