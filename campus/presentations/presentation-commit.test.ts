import { describe, expect, it } from "vitest";
import { callWithGrants } from "../test-support/call-scenarios";
import {
  hostAction,
  loadTile,
  operate,
  operateOk,
  prepare,
  presentingCall,
  reportTile,
  requestTile,
  showTile,
  stagedCall,
} from "../test-support/presentation-scenarios";
import { readError, readJson, requestCampus, wireInit } from "../test-support/test-campus";

const errorMessage = async (response: Response) => (await readJson<{ error: { message: string } }>(response)).error.message;

describe("spec 3 commit: every selected tile ready and visible", () => {
  it("refuses with 409 CALL_CONFLICT naming the tiles that are not ready, then accepts once they are", async () => {
    const { campus, ada, speakerId } = await stagedCall();
    const presentationId = await prepare(ada);
    const { tileId, url } = await requestTile(ada, presentationId, speakerId);
    const unloaded = await operate(ada, presentationId, "commit");
    expect(await readError(unloaded.clone())).toEqual({ status: 409, code: "CALL_CONFLICT" });
    expect(await errorMessage(unloaded)).toContain(`${tileId} (not ready, not visible)`);
    const tile = await loadTile(campus, url);
    await reportTile(tile, { ready: true, visible: false });
    expect(await errorMessage(await operate(ada, presentationId, "commit"))).toContain(`${tileId} (not visible)`);
    await reportTile(tile, { ready: true, visible: true });
    expect(await operateOk(ada, presentationId, "commit")).toEqual({
      presentationId,
      status: "commitRequested",
      mode: "video",
      tiles: [{ tileId, participationId: speakerId, ready: true, visible: true }],
      restoredReason: null,
    });
  });

  it("needs at least one tile in video mode while the stage has speakers", async () => {
    const { ada } = await stagedCall();
    const presentationId = await prepare(ada);
    expect(await readError(await operate(ada, presentationId, "commit"))).toEqual({ status: 409, code: "CALL_CONFLICT" });
  });

  it("commits a video presentation without tiles when nobody is on stage", async () => {
    const { ada } = await callWithGrants(["ada", "grace"]);
    expect((await hostAction(ada, "stage/leave")).status).toBe(200);
    const presentationId = await prepare(ada);
    expect((await operateOk(ada, presentationId, "commit")).status).toBe("commitRequested");
  });

  it("refuses a tile whose speaker left the stage before commit (409)", async () => {
    const { ada, speakerId } = await stagedCall();
    const presentationId = await prepare(ada);
    await showTile(ada, presentationId, speakerId);
    await hostAction(ada, "stage/demote", speakerId);
    expect(await errorMessage(await operate(ada, presentationId, "commit"))).toContain("left the stage");
  });

  it("commits audio-only without tiles", async () => {
    const { ada } = await stagedCall();
    const presentationId = await prepare(ada, "audioOnly");
    expect(await operateOk(ada, presentationId, "commit")).toMatchObject({ status: "commitRequested", mode: "audioOnly", tiles: [] });
  });
});

describe("spec 3 trusted handoff: commitRequested, then app once the tile code reports", () => {
  it("stays commitRequested until every tile reports after the commit, then heartbeat reports app", async () => {
    const { ada, speakerId } = await stagedCall();
    const presentationId = await prepare(ada);
    const tile = await showTile(ada, presentationId, speakerId);
    await operateOk(ada, presentationId, "commit");
    expect((await operateOk(ada, presentationId, "heartbeat")).status).toBe("commitRequested");
    await reportTile(tile);
    expect((await operateOk(ada, presentationId, "heartbeat")).status).toBe("app");
  });

  it("hands an audio-only presentation over at the next request", async () => {
    const { ada } = await stagedCall();
    const presentationId = await prepare(ada, "audioOnly");
    expect((await operateOk(ada, presentationId, "commit")).status).toBe("commitRequested");
    expect((await operateOk(ada, presentationId, "heartbeat")).status).toBe("app");
  });

  it("answers a repeated commit with the current status", async () => {
    const { ada, presentationId } = await presentingCall();
    expect((await operateOk(ada, presentationId, "commit")).status).toBe("app");
  });
});

describe("spec 4.9 heartbeat reports the status", () => {
  it("reports preparing, commitRequested, app and released", async () => {
    const { ada, speakerId } = await stagedCall();
    const presentationId = await prepare(ada);
    expect((await operateOk(ada, presentationId, "heartbeat")).status).toBe("preparing");
    const tile = await showTile(ada, presentationId, speakerId);
    await operateOk(ada, presentationId, "commit");
    expect((await operateOk(ada, presentationId, "heartbeat")).status).toBe("commitRequested");
    await reportTile(tile);
    expect((await operateOk(ada, presentationId, "heartbeat")).status).toBe("app");
    await operateOk(ada, presentationId, "release");
    expect((await operateOk(ada, presentationId, "heartbeat")).status).toBe("released");
  });
});

describe("spec 3 release: any time, and a released ID cannot commit again", () => {
  it.each(["preparing", "commitRequested", "app"])("releases from %s", async (from) => {
    const { ada, speakerId } = await stagedCall();
    const presentationId = await prepare(ada);
    if (from !== "preparing") {
      const tile = await showTile(ada, presentationId, speakerId);
      await operateOk(ada, presentationId, "commit");
      if (from === "app") await reportTile(tile);
    }
    expect((await operateOk(ada, presentationId, "heartbeat")).status).toBe(from);
    expect(await operateOk(ada, presentationId, "release")).toMatchObject({ status: "released", restoredReason: null });
    expect(await readError(await operate(ada, presentationId, "commit"))).toEqual({ status: 409, code: "CALL_CONFLICT" });
    expect((await operateOk(ada, presentationId, "release")).status).toBe("released");
  });

  it("takes no body on commit, heartbeat and release (400), declared or chunked", async () => {
    const { ada } = await stagedCall();
    const presentationId = await prepare(ada, "audioOnly");
    const bodies = ["{}", new Blob(["{}"]).stream()];
    for (const body of bodies) {
      const response = await requestCampus(
        ada.campus,
        `/v1/apps/calls/presentations/${presentationId}/heartbeat`,
        wireInit({ method: "POST", headers: { Authorization: `Bearer ${ada.accessToken}`, "Content-Type": "application/json" }, body }),
      );
      expect(await readError(response)).toEqual({ status: 400, code: "BAD_USER_INPUT" });
    }
  });
});

describe("policy.ts: a new prepare replaces the grant's other presentations", () => {
  it("releases one still preparing at once, and one in app when the new one takes over", async () => {
    const { ada, presentationId: first, speakerId } = await presentingCall();
    const abandoned = await prepare(ada);
    const second = await prepare(ada);
    expect((await operateOk(ada, abandoned, "heartbeat")).status).toBe("released");
    expect((await operateOk(ada, first, "heartbeat")).status).toBe("app");
    const tile = await showTile(ada, second, speakerId);
    await operateOk(ada, second, "commit");
    await reportTile(tile);
    expect((await operateOk(ada, second, "heartbeat")).status).toBe("app");
    expect((await operateOk(ada, first, "heartbeat")).status).toBe("released");
  });
});
