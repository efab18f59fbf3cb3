import { describe, expect, it } from "vitest";
import { operate, operateOk, passTime, presentingCall, readControlPresentation, reportTile, setTabVisibility } from "../test-support/presentation-scenarios";
import { advanceClock, readError, send } from "../test-support/test-campus";

type Fixture = Awaited<ReturnType<typeof presentingCall>>;

const statusOf = async (fixture: Fixture) => readControlPresentation(fixture.campus, fixture.presentationId);
const beat = (fixture: Fixture) => operateOk(fixture.ada, fixture.presentationId, "heartbeat");

describe("spec 3 and 8: fifteen seconds without heartbeat restore the native presentation", () => {
  it("14.9 s is not yet fifteen; at 15 s it is restored (heartbeatMissed) and heartbeats answer 409", async () => {
    const fixture = await presentingCall();
    await advanceClock(fixture.campus, 14.9);
    expect(await statusOf(fixture)).toMatchObject({ status: "app" });
    await advanceClock(fixture.campus, 0.1);
    expect(await statusOf(fixture)).toMatchObject({ status: "restored", restoredReason: "heartbeatMissed" });
    expect(await readError(await operate(fixture.ada, fixture.presentationId, "heartbeat"))).toEqual({ status: 409, code: "CALL_CONFLICT" });
  });

  it("a heartbeat every five seconds with reporting tiles keeps it in app", async () => {
    const fixture = await presentingCall();
    await passTime(fixture.campus, 40, async (elapsed) => {
      await reportTile(fixture.tile);
      if (elapsed % 5 === 0) expect((await beat(fixture)).status).toBe("app");
    });
    expect(await statusOf(fixture)).toMatchObject({ status: "app" });
  });
});

describe("spec 3: (video) required tiles unready or invisible for fifteen seconds, even with heartbeat", () => {
  it("restores after 15 s of an invisible tile, not at 14.9 s", async () => {
    const fixture = await presentingCall();
    await reportTile(fixture.tile, { ready: true, visible: false });
    await passTime(fixture.campus, 14, async (elapsed) => {
      if (elapsed % 5 === 0) await beat(fixture);
    });
    await advanceClock(fixture.campus, 0.9);
    expect((await beat(fixture)).status).toBe("app");
    await advanceClock(fixture.campus, 0.1);
    expect(await statusOf(fixture)).toMatchObject({ status: "restored", restoredReason: "tilesUnready" });
  });

  it("a tile visible again starts the count anew", async () => {
    const fixture = await presentingCall();
    await reportTile(fixture.tile, { ready: true, visible: false });
    await passTime(fixture.campus, 10, async (elapsed) => {
      if (elapsed % 5 === 0) await beat(fixture);
    });
    await reportTile(fixture.tile);
    await reportTile(fixture.tile, { ready: false, visible: true });
    await passTime(fixture.campus, 14, async (elapsed) => {
      if (elapsed % 5 === 0) await beat(fixture);
    });
    expect(await statusOf(fixture)).toMatchObject({ status: "app" });
    await passTime(fixture.campus, 1, () => beat(fixture).catch(() => undefined));
    expect(await statusOf(fixture)).toMatchObject({ status: "restored", restoredReason: "tilesUnready" });
  });

  it("a tile that stops reporting counts as invisible (policy.ts: stale after 6 s)", async () => {
    const fixture = await presentingCall();
    await passTime(fixture.campus, 20, async (elapsed) => {
      if (elapsed % 5 === 0) await beat(fixture);
    });
    expect(await statusOf(fixture)).toMatchObject({ status: "app", tiles: [{ visible: false }] });
    await passTime(fixture.campus, 1, () => beat(fixture).catch(() => undefined));
    expect(await statusOf(fixture)).toMatchObject({ status: "restored", restoredReason: "tilesUnready" });
  });
});

describe("spec 3: the timeout pauses while the campus tab is hidden and restarts with fresh grace when shown", () => {
  it("keeps it in app through a long hidden spell, then counts fifteen seconds from the moment it is shown", async () => {
    const fixture = await presentingCall();
    await advanceClock(fixture.campus, 10);
    expect((await setTabVisibility(fixture.campus, fixture.ada.tabId, false)).status).toBe(200);
    await advanceClock(fixture.campus, 120);
    expect(await statusOf(fixture)).toMatchObject({ status: "app", tabVisible: false });
    await setTabVisibility(fixture.campus, fixture.ada.tabId, true);
    await reportTile(fixture.tile);
    await advanceClock(fixture.campus, 5);
    await reportTile(fixture.tile);
    await advanceClock(fixture.campus, 9.9);
    expect(await statusOf(fixture)).toMatchObject({ status: "app" });
    await advanceClock(fixture.campus, 0.1);
    expect(await statusOf(fixture)).toMatchObject({ status: "restored", restoredReason: "heartbeatMissed" });
  });

  it("takes the page's own visibility report (POST /host/visibility) the same way", async () => {
    const fixture = await presentingCall();
    const report = (visible: boolean) =>
      send(fixture.campus, "POST", "/host/visibility", { json: { tabId: fixture.ada.tabId, visible }, member: "ada" });
    expect((await report(false)).status).toBe(200);
    await advanceClock(fixture.campus, 60);
    expect(await statusOf(fixture)).toMatchObject({ status: "app" });
    await report(true);
    await advanceClock(fixture.campus, 15);
    expect(await statusOf(fixture)).toMatchObject({ status: "restored" });
  });

  it("still restores a presentation whose deadline passed before the tab was hidden", async () => {
    const fixture = await presentingCall();
    await advanceClock(fixture.campus, 16);
    await setTabVisibility(fixture.campus, fixture.ada.tabId, false);
    expect(await statusOf(fixture)).toMatchObject({ status: "restored", restoredReason: "heartbeatMissed" });
  });
});

describe("policy.ts: a REST call settles the presentations of its grant itself", () => {
  it("a heartbeat after the deadline, with no other request in between, is refused and the restoration dated at the deadline", async () => {
    const fixture = await presentingCall();
    const { lastHeartbeatAt } = await statusOf(fixture);
    // The clock moves on its own, as real time does: no control or page request settles anything.
    fixture.campus.context.clock.advance(15);
    expect(await readError(await operate(fixture.ada, fixture.presentationId, "heartbeat"))).toEqual({ status: 409, code: "CALL_CONFLICT" });
    const restored = await statusOf(fixture);
    expect(restored).toMatchObject({ status: "restored", restoredReason: "heartbeatMissed" });
    expect(Date.parse(restored.endedAt!) - Date.parse(lastHeartbeatAt!)).toBe(15_000);
  });
});
