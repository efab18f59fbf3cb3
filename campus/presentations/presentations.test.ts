import { describe, expect, it } from "vitest";
import { presentationPreparedSchema, tileResultSchema } from "../../lib/contract";
import { addSimulated, attach, callWithGrants, callWithMembers, simulate } from "../test-support/call-scenarios";
import { getTile, hostAction, operateOk, postPrepare, postTile, prepare, requestTile, showTile, stagedCall } from "../test-support/presentation-scenarios";
import { readError, readJson } from "../test-support/test-campus";

describe("spec 3: prepare needs an active grant and answers { presentationId, status: preparing }", () => {
  it("prepares a video or an audio-only presentation", async () => {
    const { ada } = await callWithGrants(["ada"]);
    for (const mode of ["video", "audioOnly"]) {
      const response = await postPrepare(ada, { mode });
      expect(response.status).toBe(200);
      expect(presentationPreparedSchema.parse(await response.json())).toMatchObject({ status: "preparing" });
    }
  });

  it("refuses a grant still awaiting the member's approval with 403 FORBIDDEN", async () => {
    const { ada } = await callWithMembers(["ada"]);
    const { grantId } = await attach(ada);
    expect(await readError(await postPrepare(ada, { mode: "video" }, grantId))).toEqual({ status: 403, code: "FORBIDDEN" });
  });

  it.each([[{}], [{ mode: "screen" }], [{ mode: "video", tiles: [] }]])("refuses the body %j with 400 BAD_USER_INPUT (CallPrepare is strict)", async (body) => {
    const { ada } = await callWithGrants(["ada"]);
    expect(await readError(await postPrepare(ada, body))).toEqual({ status: 400, code: "BAD_USER_INPUT" });
  });
});

describe("spec 2 CallTile: tiles only for current accepted speakers (self-view allowed)", () => {
  it("answers { tileId, url } with a URL relative to the campus origin", async () => {
    const { ada, speakerId } = await stagedCall();
    const response = await postTile(ada, await prepare(ada), speakerId);
    expect(response.status).toBe(200);
    const { tileId, url } = tileResultSchema.parse(await response.json());
    expect(tileId).toMatch(/^til_/);
    expect(url).toMatch(/^\/tiles\/[A-Za-z0-9_-]{43}$/);
  });

  it("allows self-view while the member is a speaker", async () => {
    const { ada } = await stagedCall();
    expect((await postTile(ada, await prepare(ada), ada.participationId)).status).toBe(200);
  });

  it("refuses an audience member, the member's own audience participation and unknown IDs: 400 bad speaker selection", async () => {
    const { ada, grace } = await stagedCall();
    const adaPresentation = await prepare(ada);
    const gracePresentation = await prepare(grace);
    for (const response of [
      await postTile(ada, adaPresentation, grace.participationId),
      await postTile(grace, gracePresentation, grace.participationId),
      await postTile(ada, adaPresentation, "ptc_unknown"),
    ]) {
      const { error } = await readJson<{ error: { code: string; message: string } }>(response.clone());
      expect(await readError(response)).toEqual({ status: 400, code: "BAD_USER_INPUT" });
      expect(error.message).toContain("bad speaker selection");
    }
  });

  it("refuses a speaker of another call", async () => {
    const { ada } = await stagedCall();
    const other = await callWithGrants(["linus"]);
    expect(await readError(await postTile(ada, await prepare(ada), other.linus.participationId))).toEqual({ status: 400, code: "BAD_USER_INPUT" });
  });

  it("refuses a tile body with unknown fields or a participationId over 128 characters", async () => {
    const { ada, speakerId } = await stagedCall();
    const presentationId = await prepare(ada);
    expect((await postTile(ada, presentationId, speakerId, { muted: true })).status).toBe(400);
    expect((await postTile(ada, presentationId, "p".repeat(129))).status).toBe(400);
    expect((await postTile(ada, presentationId, speakerId, { fit: "fill" })).status).toBe(400);
  });

  it("has no tiles in audio-only mode (400)", async () => {
    const { ada, speakerId } = await stagedCall();
    expect(await readError(await postTile(ada, await prepare(ada, "audioOnly"), speakerId))).toEqual({ status: 400, code: "BAD_USER_INPUT" });
  });
});

describe("spec 4.9: at most six unique tiles per presentation", () => {
  it("refuses a seventh unique speaker with 400 and gives the same speaker again a fresh URL for the same tile", async () => {
    const { campus, callId, ada } = await callWithGrants(["ada"]);
    const speakers = await addSimulated(campus, callId, 6);
    for (const id of speakers.slice(0, 5)) await simulate(campus, callId, id, "speak");
    const presentationId = await prepare(ada);
    const tiles = [];
    for (const id of [ada.participationId, ...speakers.slice(0, 5)]) tiles.push(await requestTile(ada, presentationId, id));
    // Six seats: a seventh speaker takes the seat of one already selected (its tile stays counted).
    const seventh = speakers[5]!;
    expect((await hostAction(ada, "stage/demote", speakers[4])).status).toBe(200);
    expect((await simulate(campus, callId, seventh, "speak")).status).toBe(200);
    const response = await postTile(ada, presentationId, seventh);
    expect(await readError(response)).toEqual({ status: 400, code: "BAD_USER_INPUT" });
    const again = await requestTile(ada, presentationId, speakers[0]!, { fit: "contain" });
    expect(again.tileId).toBe(tiles[1]!.tileId);
    expect(again.url).not.toBe(tiles[1]!.url);
    expect((await getTile(campus, tiles[1]!.url)).status).toBe(410);
    expect((await getTile(campus, again.url)).status).toBe(200);
  });
});

describe("spec 3: tiles only while preparing", () => {
  it("refuses a tile after commit with 409 CALL_CONFLICT", async () => {
    const { ada, speakerId } = await stagedCall();
    const presentationId = await prepare(ada);
    await showTile(ada, presentationId, speakerId);
    await operateOk(ada, presentationId, "commit");
    expect(await readError(await postTile(ada, presentationId, ada.participationId))).toEqual({ status: 409, code: "CALL_CONFLICT" });
  });
});
