import { describe, expect, it } from "vitest";
import { readyResultSchema } from "../../lib/contract";
import {
  createTestCampus,
  openTestLaunch,
  readError,
  readJson,
  saveTestRegistration,
  send,
} from "../test-support/test-campus";

type Campus = ReturnType<typeof createTestCampus>;

const authorize = (campus: Campus, launchId: string, { member = "ada", tabId = "tab-ada-1" } = {}) =>
  send(campus, "POST", `/host/launches/${launchId}/authorize`, { json: { tabId }, member });

async function listLaunches(campus: Campus) {
  const { launches } = await readJson<{ launches: Array<{ launchId: string; current: boolean; endReason: string | null }> }>(
    await send(campus, "GET", "/control/launches"),
  );
  return launches;
}

describe("launches: one per iframe mount, answered to ready", () => {
  it("issues an opaque launch ID the ready reply can carry", async () => {
    const { launchId } = await openTestLaunch(createTestCampus());
    expect(readyResultSchema.parse({ launchId })).toEqual({ launchId });
    expect(launchId).toMatch(/^lch_[A-Za-z0-9_-]{22}$/);
  });

  it("ends the tab's previous launch when the tab mounts again (reload or second ready)", async () => {
    const campus = createTestCampus();
    const first = await openTestLaunch(campus);
    const second = await openTestLaunch(campus);
    expect(second.launchId).not.toBe(first.launchId);
    expect(await readError(await authorize(campus, first.launchId))).toEqual({ status: 409, code: "INVALID_LAUNCH" });
    expect((await authorize(campus, second.launchId)).status).toBe(200);
    expect(await listLaunches(campus)).toMatchObject([
      { launchId: first.launchId, current: false, endReason: "remounted" },
      { launchId: second.launchId, current: true, endReason: null },
    ]);
  });

  it("keeps launches of other tabs current", async () => {
    const campus = createTestCampus();
    const tabOne = await openTestLaunch(campus, { tabId: "tab-one-xx" });
    await openTestLaunch(campus, { tabId: "tab-two-xx" });
    expect((await authorize(campus, tabOne.launchId, { tabId: "tab-one-xx" })).status).toBe(200);
  });
});

describe("launches: bound to the owning tab and member", () => {
  it("refuses a launch used from another tab", async () => {
    const campus = createTestCampus();
    const { launchId } = await openTestLaunch(campus, { tabId: "tab-owner-1" });
    expect(await readError(await authorize(campus, launchId, { tabId: "tab-other-1" }))).toEqual({ status: 409, code: "INVALID_LAUNCH" });
  });

  it("refuses a launch used by another member", async () => {
    const campus = createTestCampus();
    const { launchId } = await openTestLaunch(campus, { member: "ada", tabId: "tab-shared-1" });
    expect(await readError(await authorize(campus, launchId, { member: "grace", tabId: "tab-shared-1" }))).toEqual({
      status: 409,
      code: "INVALID_LAUNCH",
    });
  });

  it("refuses an unknown launch", async () => {
    expect(await readError(await authorize(createTestCampus(), "lch_unknown"))).toEqual({ status: 409, code: "INVALID_LAUNCH" });
  });

  it("refuses a malformed tabId with BAD_REQUEST", async () => {
    const response = await send(createTestCampus(), "POST", "/host/launches", { json: { tabId: "no" } });
    expect(await readError(response)).toEqual({ status: 400, code: "BAD_REQUEST" });
  });
});

describe("spec 5.6: a registration save ends every launch", () => {
  it("makes older launches INVALID_LAUNCH and new ones work", async () => {
    const campus = createTestCampus();
    const old = await openTestLaunch(campus);
    await saveTestRegistration(campus, {});
    expect(await readError(await authorize(campus, old.launchId))).toEqual({ status: 409, code: "INVALID_LAUNCH" });
    const fresh = await openTestLaunch(campus);
    expect((await authorize(campus, fresh.launchId)).status).toBe(200);
  });
});

describe("policy.ts: an unpublished app mounts but cannot log in", () => {
  it("opens a launch, then answers APP_UNAVAILABLE to authenticate", async () => {
    const campus = createTestCampus({ published: false });
    const { launchId } = await openTestLaunch(campus);
    expect(await readError(await authorize(campus, launchId))).toEqual({ status: 403, code: "APP_UNAVAILABLE" });
  });
});
