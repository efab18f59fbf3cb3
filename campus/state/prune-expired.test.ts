import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import type { Campus } from "../app";
import { ENDED_LAUNCH_RETENTION_SECONDS, LAUNCH_IDLE_LIFETIME_SECONDS } from "../core/policy";
import {
  advanceClock,
  createTestCampus,
  exchangeCode,
  issueCode,
  openTestLaunch,
  readError,
  readJson,
  readUserinfo,
  send,
} from "../test-support/test-campus";

type Records = { launches: number; currentTabs: number; codes: number; tokens: number; rateWindows: number };

const readRecords = async (campus: Campus) => readJson<Records>(await send(campus, "GET", "/control/records"));

/** Forces a full collection, so that heap sizes compare live data only. */
function collectGarbage(): void {
  setFlagsFromString("--expose-gc");
  (runInNewContext("gc") as () => void)();
}

/** Launches in their own tabs, each with a login: consent check, code and token exchange. */
async function loginInNewTabs(campus: Campus, count: number, from: number): Promise<void> {
  for (let index = from; index < from + count; index++) {
    const { code } = await issueCode(campus, { tabId: `tab-load-${String(index).padStart(6, "0")}` });
    expect((await exchangeCode(campus, code)).status).toBe(200);
  }
}

describe("policy.ts: expired launches, codes and tokens leave memory", () => {
  it("forgets a token at its expiry and its code after the token lifetime, still answering 401", async () => {
    const campus = createTestCampus();
    const { accessToken } = await loginAndRead(campus);
    expect(await readRecords(campus)).toMatchObject({ codes: 1, tokens: 1 });
    await advanceClock(campus, 900);
    expect(await readError(await readUserinfo(campus, accessToken))).toEqual({ status: 401, code: "INVALID_TOKEN" });
    expect(await readRecords(campus)).toMatchObject({ codes: 1, tokens: 0 });
    await advanceClock(campus, 60);
    expect(await readRecords(campus)).toMatchObject({ codes: 0, tokens: 0 });
  });

  it("ends a launch idle for the idle lifetime, then forgets it; a consent check or code keeps it alive", async () => {
    const campus = createTestCampus();
    const idle = await openTestLaunch(campus, { tabId: "tab-idle-1" });
    const used = await openTestLaunch(campus, { tabId: "tab-used-1" });
    await advanceClock(campus, LAUNCH_IDLE_LIFETIME_SECONDS - 10);
    await send(campus, "POST", `/host/launches/${used.launchId}/authorize`, { json: { tabId: used.tabId }, member: "ada" });
    await advanceClock(campus, 10);
    const launches = await readJson<{ launches: { launchId: string; current: boolean; endReason: string | null }[] }>(
      await send(campus, "GET", "/control/launches"),
    );
    expect(launches.launches).toEqual([
      expect.objectContaining({ launchId: idle.launchId, current: false, endReason: "expired" }),
      expect.objectContaining({ launchId: used.launchId, current: true }),
    ]);
    const authorize = await send(campus, "POST", `/host/launches/${idle.launchId}/authorize`, { json: { tabId: idle.tabId }, member: "ada" });
    expect(await readError(authorize)).toEqual({ status: 409, code: "INVALID_LAUNCH" });
    await advanceClock(campus, ENDED_LAUNCH_RETENTION_SECONDS);
    expect(await readRecords(campus)).toMatchObject({ launches: 1, currentTabs: 1 });
  });

  it("keeps a remounted tab's older launches only for the retention time", async () => {
    const campus = createTestCampus();
    for (let index = 0; index < 50; index++) await openTestLaunch(campus, { tabId: "tab-reloads" });
    expect(await readRecords(campus)).toMatchObject({ launches: 50, currentTabs: 1 });
    await advanceClock(campus, ENDED_LAUNCH_RETENTION_SECONDS);
    expect(await readRecords(campus)).toMatchObject({ launches: 1, currentTabs: 1 });
  });

  it("stays flat over 10,000 launches with logins through the host endpoints", async () => {
    const campus = createTestCampus();
    await loginInNewTabs(campus, 1_000, 0);
    await advanceClock(campus, LAUNCH_IDLE_LIFETIME_SECONDS + ENDED_LAUNCH_RETENTION_SECONDS);
    collectGarbage();
    const baseline = process.memoryUsage().heapUsed;

    await loginInNewTabs(campus, 10_000, 1_000);
    expect(await readRecords(campus)).toMatchObject({ launches: 10_000, currentTabs: 10_000, codes: 10_000, tokens: 10_000 });
    await advanceClock(campus, LAUNCH_IDLE_LIFETIME_SECONDS + ENDED_LAUNCH_RETENTION_SECONDS);
    expect(await readRecords(campus)).toEqual({ launches: 0, currentTabs: 0, codes: 0, tokens: 0, rateWindows: 0, presentations: 0, openPresentations: 0, tiles: 0, tileUrls: 0, activityEntries: 0, openActivityEntries: 0 });
    collectGarbage();
    // 10,000 kept launches with their codes and tokens hold several MB; pruned, the heap is back.
    expect(process.memoryUsage().heapUsed - baseline).toBeLessThan(2 * 1024 * 1024);
    // 11,000 logins in process: seconds on a quiet machine, minutes on a busy one.
  }, 600_000);
});

async function loginAndRead(campus: Campus) {
  const { code } = await issueCode(campus);
  const { access_token: accessToken } = await readJson<{ access_token: string }>(await exchangeCode(campus, code));
  expect((await readUserinfo(campus, accessToken)).status).toBe(200);
  return { accessToken };
}
