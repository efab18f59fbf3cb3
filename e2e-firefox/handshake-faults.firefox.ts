import { describe, expect, test } from "vitest";
import type { FaultKind } from "../e2e/support/campus-control";
import { READY_SCHEDULE } from "../lib/client/handshake/resend-schedule";
import { recordAppRequests } from "./support/app-traffic";
import { CampusPage } from "./support/campus-page";
import { EXPECT_TIMEOUT_MS, eventually } from "./support/eventually";
import { firefoxSuite } from "./support/firefox-suite";
import { byTestId } from "./support/frame-reads";

const firefox = firefoxSuite();

// The flow inspector's rows: the app's requests, the page's replies, and the injected faults.
const READY_REQUESTS = '[data-testid="flow-list"] [data-name="ready"][data-direction="app-to-host"]';
const READY_REPLIES = '[data-testid="flow-list"] [data-name="ready"][data-direction="host-to-app"]:not([data-fault])';
const FAULTS = '[data-testid="flow-list"] [data-fault]';

/** Arms the faults, then opens the campus page as ada with the app's traffic recorded from the start. */
async function openWithFaults(...faults: [string, FaultKind, { count?: number; delayMs?: number }?][]) {
  for (const [endpoint, kind, options] of faults) await firefox.control.injectFault(endpoint, kind, options);
  const campus = await CampusPage.inNewWindow(await firefox.newContext());
  const traffic = recordAppRequests(campus.page);
  await campus.goto("ada");
  return { campus, traffic };
}

async function openInspector(campus: CampusPage) {
  if ((await campus.inCampus.attribute(byTestId("flow-toggle"), "aria-expanded")) !== "true") await campus.inCampus.click(byTestId("flow-toggle"));
}

async function faultTitles(campus: CampusPage) {
  await openInspector(campus);
  return campus.page.$$eval(`${FAULTS} .flow-row__title`, (titles) => titles.map((title) => title.textContent));
}

// The Chromium run's e2e/login/handshake-faults.spec.ts, in Firefox's cross-site iframe.
describe("the handshake never hangs, in Firefox", () => {
  test("a dropped ready reply: the app asks again and signs in with the mounted launch", async () => {
    const { campus, traffic } = await openWithFaults(["ready", "drop"]);
    await campus.signIn();
    expect(await faultTitles(campus)).toEqual(["ready reply dropped (injected fault)"]);
    expect(await campus.inCampus.count(READY_REQUESTS)).toBeGreaterThanOrEqual(2);
    expect(traffic.loginLaunches()).toHaveLength(1);
    expect(await firefox.control.launches()).toHaveLength(1);
  });

  test("a ready reply delayed past the app's patience: signs in on the re-sent ready; the late reply changes nothing", async () => {
    const delayMs = 12_000;
    const { campus, traffic } = await openWithFaults(["ready", "delay", { delayMs }]);
    await campus.signIn();
    expect(await faultTitles(campus)).toEqual([`ready reply delayed ${delayMs} ms (injected fault)`]);
    // Every post is answered in the end, the first one late. A slow campus may be asked again
    // before it answers (same id), so replies are counted against posts, not against a number.
    await eventually(async () => (await campus.inCampus.count(READY_REQUESTS)) - (await campus.inCampus.count(READY_REPLIES)), delayMs + EXPECT_TIMEOUT_MS).toBe(0);
    expect(await campus.inCampus.count(READY_REPLIES)).toBeGreaterThanOrEqual(2);
    await campus.expectState("signed-in");
    expect(traffic.loginLaunches()).toHaveLength(1);
  });

  test("duplicated replies: one login request, one code exchanged", async () => {
    const { campus, traffic } = await openWithFaults(["ready", "duplicate"], ["authenticate", "duplicate"]);
    await campus.signIn();
    expect(await faultTitles(campus)).toEqual(["ready reply sent twice (injected fault)", "authenticate reply sent twice (injected fault)"]);
    expect(traffic.to("/api/auth/state")).toHaveLength(1);
    expect(traffic.loginLaunches()).toHaveLength(1);
    await eventually(async () => (await firefox.control.restLog()).filter((entry) => entry.path === "/v1/apps/userinfo").length).toBe(1);
    expect((await firefox.control.restLog()).filter((entry) => entry.path === "/v1/apps/token")).toHaveLength(1);
  });

  test("a stale launch: authenticate refuses it, and the app signs in with the frame's launch", async () => {
    const { campus, traffic } = await openWithFaults(["ready", "staleLaunch"]);
    await campus.signIn();
    expect(await faultTitles(campus)).toEqual(["ready answered with a stale launch (injected fault)"]);
    expect(traffic.to("/api/auth/state")).toHaveLength(2);
    expect(traffic.loginLaunches()).toEqual([await campus.inCampus.text(byTestId("launch-id"))]);
    expect(await firefox.control.launches()).toHaveLength(1);
  });

  test("the frame reloads mid-handshake: the reloaded app signs in once, with a new launch", async () => {
    const { campus, traffic } = await openWithFaults(["authenticate", "reload"]);
    await campus.signIn();
    expect(await faultTitles(campus)).toEqual(["frame reloaded instead of the authenticate reply (injected fault)"]);
    expect(traffic.loginLaunches()).toHaveLength(1);
    const launches = await firefox.control.launches();
    expect(launches).toHaveLength(2);
    expect(launches.find((launch) => launch.current)?.launchId).toBe(traffic.loginLaunches()[0]);
  });

  test("every ready reply later than the app's patience: the late answer signs in without Retry", async () => {
    // Each of the three posts is answered 12 s late, after the app's 10 s of re-sends have passed.
    const delayMs = 12_000;
    const { campus, traffic } = await openWithFaults(["ready", "delay", { delayMs, count: READY_SCHEDULE.length }]);
    await campus.signIn();
    expect(await faultTitles(campus)).toEqual(Array(READY_SCHEDULE.length).fill(`ready reply delayed ${delayMs} ms (injected fault)`));
    expect(await campus.inCampus.count(READY_REQUESTS)).toBe(READY_SCHEDULE.length);
    expect(traffic.loginLaunches()).toHaveLength(1);
    expect(await firefox.control.launches()).toHaveLength(1);
  });

  test("every ready reply dropped: the app says the campus did not answer, and Retry signs in", async () => {
    const { campus, traffic } = await openWithFaults(["ready", "drop", { count: READY_SCHEDULE.length }]);
    await eventually(() => campus.state()).toBe("no-answer");
    expect(await campus.inApp.text("h1")).toBe("The campus did not answer");
    await openInspector(campus);
    await eventually(() => campus.inCampus.count(FAULTS)).toBe(READY_SCHEDULE.length);
    expect(await campus.inCampus.count(READY_REQUESTS)).toBe(READY_SCHEDULE.length);
    await campus.inApp.click(byTestId("retry"));
    await campus.signIn();
    expect(traffic.loginLaunches()).toHaveLength(1);
    expect(await firefox.control.launches()).toHaveLength(1);
  });
});
