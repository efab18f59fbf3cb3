import { describe, expect, it } from "vitest";
import type { Campus } from "../app";
import { logIn, readPanel } from "../test-support/call-scenarios";
import { hostAction, operateOk, prepare, presentingCall, reportTile, showTile, stagedCall } from "../test-support/presentation-scenarios";
import { send } from "../test-support/test-campus";

// What the campus holds right now, read without a request: a request would settle what it reads.
function heldPresentation(campus: Campus, presentationId: string) {
  const presentation = campus.context.state.presentations.findPresentation(presentationId);
  if (!presentation) throw new Error(`No presentation ${presentationId}`);
  return { status: presentation.status, restoredReason: presentation.restoredReason, endedAt: presentation.endedAt };
}

// Time passes on the campus clock with no request at all (the control API's advance settles everything).
function letTimePass(campus: Campus, seconds: number) {
  campus.context.clock.advance(seconds);
  return campus.context.clock.now();
}

describe("policy.ts: a request settles the presentations it reads or changes, never every one", () => {
  it("a host request of a member outside the call leaves the call's presentations alone; one inside settles them", async () => {
    const fixture = await presentingCall();
    const lastBeat = fixture.campus.context.clock.now();
    letTimePass(fixture.campus, 16);
    const outsider = await logIn(fixture.campus, "linus");
    await readPanel(outsider);
    expect(heldPresentation(fixture.campus, fixture.presentationId).status).toBe("app");

    await readPanel(fixture.grace);
    expect(heldPresentation(fixture.campus, fixture.presentationId)).toEqual({ status: "restored", restoredReason: "heartbeatMissed", endedAt: lastBeat + 15_000 });
  });

  it("a host's change ends another member's presentation when it is made, even if undone before that member asks", async () => {
    const fixture = await stagedCall();
    const presentationId = await prepare(fixture.grace);
    const tile = await showTile(fixture.grace, presentationId, fixture.speakerId);
    await operateOk(fixture.grace, presentationId, "commit");
    await reportTile(tile);
    expect((await operateOk(fixture.grace, presentationId, "heartbeat")).status).toBe("app");

    const demotedAt = letTimePass(fixture.campus, 2);
    expect((await hostAction(fixture.ada, "stage/demote", fixture.speakerId)).status).toBe(200);
    letTimePass(fixture.campus, 2);
    const speak = `/host/call/simulator/members/${fixture.speakerId}/speak`;
    expect((await send(fixture.campus, "POST", speak, { json: { tabId: fixture.ada.tabId }, member: "ada" })).status).toBe(200);

    expect(heldPresentation(fixture.campus, presentationId)).toEqual({ status: "restored", restoredReason: "tileInvalid", endedAt: demotedAt });
  });

  it("a tile report after its tile's timer ran out does not bring the presentation back", async () => {
    const fixture = await presentingCall();
    const badAt = letTimePass(fixture.campus, 1);
    await reportTile(fixture.tile, { ready: false, visible: true });
    letTimePass(fixture.campus, 2);
    await operateOk(fixture.ada, fixture.presentationId, "heartbeat");
    letTimePass(fixture.campus, 14);
    await reportTile(fixture.tile);
    expect(heldPresentation(fixture.campus, fixture.presentationId)).toEqual({ status: "restored", restoredReason: "tilesUnready", endedAt: badAt + 15_000 });
  });

  it("hiding a tab after its timer ran out does not pause that timer, whoever hides it", async () => {
    const fixture = await presentingCall();
    const lastBeat = fixture.campus.context.clock.now();
    letTimePass(fixture.campus, 16);
    const hide = await send(fixture.campus, "POST", "/host/visibility", { json: { tabId: fixture.ada.tabId, visible: false }, member: "linus" });
    expect(hide.status).toBe(200);
    expect(heldPresentation(fixture.campus, fixture.presentationId)).toEqual({ status: "restored", restoredReason: "heartbeatMissed", endedAt: lastBeat + 15_000 });
  });
});
