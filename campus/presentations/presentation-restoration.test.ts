import { describe, expect, it } from "vitest";
import { logIn, readPanel, simulate } from "../test-support/call-scenarios";
import { hostAction, operate, operateOk, presentingCall, readControlPresentation } from "../test-support/presentation-scenarios";
import { advanceClock, openTestLaunch, readError, readJson, saveTestRegistration, send } from "../test-support/test-campus";

type Fixture = Awaited<ReturnType<typeof presentingCall>>;

async function expectRestored(fixture: Fixture, reason: string) {
  expect(await readControlPresentation(fixture.campus, fixture.presentationId)).toMatchObject({ status: "restored", restoredReason: reason });
  expect((await readPanel(fixture.ada)).presentation).toMatchObject({ mode: "full", restored: { status: "restored", reason } });
}

describe("spec 3 native restoration from app, on each cause", () => {
  it("release: released, the native presentation is back at full size", async () => {
    const fixture = await presentingCall();
    expect((await readPanel(fixture.ada)).presentation).toEqual({ mode: "compact", audioOnly: false, restored: null });
    await operateOk(fixture.ada, fixture.presentationId, "release");
    expect((await readPanel(fixture.ada)).presentation).toMatchObject({ mode: "full", restored: { status: "released", reason: null } });
  });

  it("reload or remount of the app (the launch ends): restored; the new launch's heartbeat is refused", async () => {
    const fixture = await presentingCall();
    await openTestLaunch(fixture.campus, { member: "ada", tabId: fixture.ada.tabId });
    await expectRestored(fixture, "launchEnded");
    expect(await readError(await operate(fixture.ada, fixture.presentationId, "heartbeat"))).toEqual({ status: 403, code: "APP_UNAVAILABLE" });
    const reloaded = await logIn(fixture.campus, "ada", fixture.ada.tabId);
    reloaded.grantId = fixture.ada.grantId;
    const refused = await operate(reloaded, fixture.presentationId, "heartbeat");
    expect(await readError(refused.clone())).toEqual({ status: 409, code: "CALL_CONFLICT" });
    expect((await readJson<{ error: { message: string } }>(refused)).error.message).toContain("presentation restored (launchEnded): prepare a new one");
  });

  it("consent revoked: restored, and heartbeats answer 403 ACCESS_REVOKED", async () => {
    const fixture = await presentingCall();
    await send(fixture.campus, "POST", "/control/consent/revoke", { json: { username: "ada" } });
    await expectRestored(fixture, "consentRevoked");
    expect(await readError(await operate(fixture.ada, fixture.presentationId, "heartbeat"))).toEqual({ status: 403, code: "ACCESS_REVOKED" });
  });

  it("registration saved: restored, and heartbeats answer 403 APP_UNAVAILABLE", async () => {
    const fixture = await presentingCall();
    await saveTestRegistration(fixture.campus, { name: "Renamed App" });
    await expectRestored(fixture, "registrationSaved");
    expect(await readError(await operate(fixture.ada, fixture.presentationId, "heartbeat"))).toEqual({ status: 403, code: "APP_UNAVAILABLE" });
  });

  it("member left the call: restored, and heartbeats answer 403 FORBIDDEN (the grant ended)", async () => {
    const fixture = await presentingCall();
    expect((await hostAction(fixture.ada, "leave")).status).toBe(200);
    expect(await readControlPresentation(fixture.campus, fixture.presentationId)).toMatchObject({ status: "restored", restoredReason: "memberLeft" });
    expect(await readError(await operate(fixture.ada, fixture.presentationId, "heartbeat"))).toEqual({ status: 403, code: "FORBIDDEN" });
  });

  it("a tile's speaker left the stage: restored (tileInvalid), and heartbeats answer 409", async () => {
    const fixture = await presentingCall();
    expect((await hostAction(fixture.ada, "stage/demote", fixture.speakerId)).status).toBe(200);
    await expectRestored(fixture, "tileInvalid");
    expect(await readError(await operate(fixture.ada, fixture.presentationId, "heartbeat"))).toEqual({ status: 409, code: "CALL_CONFLICT" });
  });

  it("a tile's speaker left the call: restored once it is gone", async () => {
    const fixture = await presentingCall();
    await simulate(fixture.campus, fixture.callId, fixture.speakerId, "leave");
    await advanceClock(fixture.campus, 3);
    await expectRestored(fixture, "tileInvalid");
  });

  it("a restored presentation cannot commit again and release answers it unchanged", async () => {
    const fixture = await presentingCall();
    await hostAction(fixture.ada, "stage/demote", fixture.speakerId);
    expect(await readError(await operate(fixture.ada, fixture.presentationId, "commit"))).toEqual({ status: 409, code: "CALL_CONFLICT" });
    expect(await operateOk(fixture.ada, fixture.presentationId, "release")).toMatchObject({ status: "restored", restoredReason: "tileInvalid" });
  });

  it("only the member's own tab shows the handoff", async () => {
    const fixture = await presentingCall();
    expect((await readPanel(fixture.grace)).presentation).toEqual({ mode: "full", audioOnly: false, restored: null });
    expect((await readPanel(fixture.ada, "tab-ada-other")).presentation.mode).toBe("full");
  });
});
