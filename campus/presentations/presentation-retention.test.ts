import { describe, expect, it } from "vitest";
import type { Campus } from "../app";
import { ENDED_PRESENTATION_RETENTION_SECONDS } from "../core/policy";
import { logIn, readPanel } from "../test-support/call-scenarios";
import { operate, operateOk, passTime, prepare, presentingCall, reportTile, stagedCall } from "../test-support/presentation-scenarios";
import { advanceClock, readError, readJson, send } from "../test-support/test-campus";

type Records = { presentations: number; openPresentations: number; tiles: number; tileUrls: number };

const readRecords = async (campus: Campus) => readJson<Records>(await send(campus, "GET", "/control/records"));
const listPresentationIds = async (campus: Campus) =>
  (await readJson<{ presentations: { presentationId: string }[] }>(await send(campus, "GET", "/control/presentations"))).presentations.map(
    (presentation) => presentation.presentationId,
  );

describe("policy.ts: ended presentations leave memory after the retention time", () => {
  it("keeps a released presentation and why it ended for the retention time, then forgets it with its tiles", async () => {
    const fixture = await presentingCall();
    await operateOk(fixture.ada, fixture.presentationId, "release");
    expect(await readRecords(fixture.campus)).toMatchObject({ presentations: 1, openPresentations: 0, tiles: 1 });

    await advanceClock(fixture.campus, ENDED_PRESENTATION_RETENTION_SECONDS - 1);
    expect(await listPresentationIds(fixture.campus)).toEqual([fixture.presentationId]);
    expect((await readPanel(fixture.ada)).presentation).toMatchObject({ mode: "full", restored: { status: "released", reason: null } });

    await advanceClock(fixture.campus, 1);
    expect(await readRecords(fixture.campus)).toMatchObject({ presentations: 0, openPresentations: 0, tiles: 0, tileUrls: 0 });
    expect((await readPanel(fixture.ada)).presentation).toEqual({ mode: "full", audioOnly: false, restored: null });
    // A forgotten presentation is any unknown ID (the app's token has expired meanwhile: log in again).
    const again = await logIn(fixture.campus, "ada", fixture.ada.tabId);
    again.grantId = fixture.ada.grantId;
    expect(await readError(await operate(again, fixture.presentationId, "heartbeat"))).toEqual({ status: 403, code: "FORBIDDEN" });
    expect((await reportTile(fixture.tile)).status).toBe(403);
  });

  it("counts the retention from a presentation's end, however long it was open", async () => {
    const { ada, campus } = await stagedCall();
    const presentationId = await prepare(ada, "audioOnly");
    await operateOk(ada, presentationId, "commit");
    expect((await operateOk(ada, presentationId, "heartbeat")).status).toBe("app");
    // Open for most of the retention time (the app's token lasts 900 s too).
    await passTime(campus, ENDED_PRESENTATION_RETENTION_SECONDS - 60, async (elapsed) => {
      if (elapsed % 5 === 0) expect((await operateOk(ada, presentationId, "heartbeat")).status).toBe("app");
    });
    expect(await readRecords(campus)).toMatchObject({ presentations: 1, openPresentations: 1 });
    // Restored fifteen seconds after the last heartbeat, dated at that deadline, and kept from there.
    await advanceClock(campus, 15);
    expect(await readRecords(campus)).toMatchObject({ presentations: 1, openPresentations: 0 });
    await advanceClock(campus, ENDED_PRESENTATION_RETENTION_SECONDS - 1);
    expect(await readRecords(campus)).toMatchObject({ presentations: 1 });
    await advanceClock(campus, 1);
    expect(await readRecords(campus)).toMatchObject({ presentations: 0 });
  });

  it("stays flat over 1,000 presentations prepared and released by one app", async () => {
    const { ada, campus } = await presentingCall();
    for (let index = 0; index < 1_000; index++) {
      const presentationId = await prepare(ada, "audioOnly");
      expect((await operateOk(ada, presentationId, "release")).status).toBe("released");
    }
    expect(await readRecords(campus)).toMatchObject({ presentations: 1_001, openPresentations: 1 });
    await advanceClock(campus, ENDED_PRESENTATION_RETENTION_SECONDS);
    // The thousand released ones are gone. The first, handed over and then left without
    // heartbeats, was restored fifteen seconds in and is kept until its own retention ends.
    expect(await readRecords(campus)).toMatchObject({ presentations: 1, openPresentations: 0 });
  }, 60_000);
});
