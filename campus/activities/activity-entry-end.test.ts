import { describe, expect, it } from "vitest";
import { ENDED_LAUNCH_RETENTION_SECONDS } from "../core/policy";
import { enteredActivity, getEntry, logInOnLaunch, readControlActivities, readEntry } from "../test-support/activity-scenarios";
import { answerPrompt, approveCall, queueAction, readPanel, simulate } from "../test-support/call-scenarios";
import { advanceClock, openTestLaunch, readError, saveTestRegistration, send } from "../test-support/test-campus";

/** Spec 3 "Activity entry": departure, app exit, permission loss or lease expiry ends access. */

async function readEndReason(campus: Parameters<typeof readControlActivities>[0]) {
  return (await readControlActivities(campus)).entries[0]?.endReason;
}

describe("spec 3: departure ends the entry", () => {
  it("ends when the member leaves the call: 403 FORBIDDEN, even after rejoining", async () => {
    const { campus, callId, guest } = await enteredActivity();
    await readEntry(guest);
    await answerPrompt(campus, await queueAction(guest, "leave"), "confirm");
    expect(await readError(await getEntry(guest))).toEqual({ status: 403, code: "FORBIDDEN" });
    expect(await readEndReason(campus)).toBe("memberLeft");
    await send(campus, "POST", `/control/calls/${callId}/members`, { json: { username: "grace", tabId: guest.tabId } });
    await approveCall(guest);
    expect(await readError(await getEntry(guest))).toEqual({ status: 403, code: "FORBIDDEN" });
  });

  it("ends when the member rejoins (a new participation)", async () => {
    const { campus, callId, guest } = await enteredActivity();
    await readEntry(guest);
    await simulate(campus, callId, guest.participationId, "rejoin");
    expect(await readError(await getEntry(guest))).toEqual({ status: 403, code: "FORBIDDEN" });
    expect(await readEndReason(campus)).toBe("memberLeft");
  });

  it("ends when the call ends for everyone", async () => {
    const { campus, ada, guest } = await enteredActivity();
    await readEntry(guest);
    await answerPrompt(campus, await queueAction(ada, "end"), "confirm");
    expect(await readError(await getEntry(guest))).toEqual({ status: 403, code: "FORBIDDEN" });
    expect(await readEndReason(campus)).toBe("memberLeft");
  });
});

describe("spec 3: app exit ends the entry", () => {
  it("ends when the tab mounts the app again (reload, remount or another launch)", async () => {
    const { campus, guest } = await enteredActivity();
    await readEntry(guest);
    const { launchId } = await openTestLaunch(campus, { member: "grace", tabId: guest.tabId });
    expect(await readError(await getEntry(guest))).toEqual({ status: 403, code: "APP_UNAVAILABLE" });
    expect(await readEndReason(campus)).toBe("launchEnded");
    const remounted = await logInOnLaunch(campus, "grace", guest.tabId, launchId);
    await approveCall(remounted);
    expect(await readError(await getEntry(remounted))).toEqual({ status: 403, code: "FORBIDDEN" });
    expect((await readPanel(guest)).activityLaunch).toBeNull();
  });

  it("ends before its first read too: the binding belongs to the launch", async () => {
    const { campus, guest } = await enteredActivity();
    await openTestLaunch(campus, { member: "grace", tabId: guest.tabId });
    expect(await readEndReason(campus)).toBe("launchEnded");
  });
});

describe("spec 3: permission loss ends the entry", () => {
  it("ends on consent revoked: 403 ACCESS_REVOKED, and a fresh login in the same launch stays refused", async () => {
    const { campus, guest } = await enteredActivity();
    await readEntry(guest);
    await send(campus, "POST", "/control/consent/revoke", { json: { username: "grace" } });
    expect(await readError(await getEntry(guest))).toEqual({ status: 403, code: "ACCESS_REVOKED" });
    expect(await readEndReason(campus)).toBe("consentRevoked");
    const again = await logInOnLaunch(campus, "grace", guest.tabId, guest.launchId);
    await approveCall(again);
    expect(await readError(await getEntry(again))).toEqual({ status: 403, code: "FORBIDDEN" });
  });

  it("ends on a registration save: 403 APP_UNAVAILABLE", async () => {
    const { campus, guest } = await enteredActivity();
    await readEntry(guest);
    await saveTestRegistration(campus, { name: "Renamed app" });
    expect(await readError(await getEntry(guest))).toEqual({ status: 403, code: "APP_UNAVAILABLE" });
    expect(await readEndReason(campus)).toBe("registrationSaved");
  });
});

describe("spec 3: lease expiry ends the entry", () => {
  it("is recorded at its deadline without another read (control view)", async () => {
    const { campus, guest } = await enteredActivity();
    await readEntry(guest);
    await advanceClock(campus, 25);
    expect((await readControlActivities(campus)).entries).toMatchObject([{ endReason: "leaseExpired", endedAt: "2030-01-01T00:00:20.000Z" }]);
  });
});

describe("policy.ts: an entry leaves memory with its launch", () => {
  it("is kept while its launch is known, ended or not, and forgotten with it", async () => {
    const { campus, guest } = await enteredActivity();
    await readEntry(guest);
    const readRecords = async () => (await send(campus, "GET", "/control/records")).json();
    expect(await readRecords()).toMatchObject({ activityEntries: 1, openActivityEntries: 1 });
    // Lease expiry ends the entry; its launch is still the tab's current one, so the page still knows it.
    await advanceClock(campus, ENDED_LAUNCH_RETENTION_SECONDS + 60);
    expect(await readEndReason(campus)).toBe("leaseExpired");
    expect(await readRecords()).toMatchObject({ activityEntries: 1, openActivityEntries: 0 });
    expect((await readPanel(guest)).activityLaunch).toMatchObject({ launchId: guest.launchId });
    // A remount ends the launch; the retention later both are gone.
    await openTestLaunch(campus, { member: "grace", tabId: guest.tabId });
    await advanceClock(campus, ENDED_LAUNCH_RETENTION_SECONDS);
    expect(await readRecords()).toMatchObject({ activityEntries: 0, openActivityEntries: 0 });
    expect((await readControlActivities(campus)).entries).toEqual([]);
  });
});
