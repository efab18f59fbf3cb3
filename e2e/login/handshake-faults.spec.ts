import type { Browser, BrowserContext, Page } from "@playwright/test";
import { READY_SCHEDULE } from "../../lib/client/handshake/resend-schedule";
import { expectNoAppFrameViolations } from "../support/axe-frame";
import { CampusPage } from "../support/campus-page";
import { expect, test } from "../support/fixtures";
import { recordLoginTraffic } from "../support/login-traffic";

/*
 * The handshake never hangs: with each fault the local campus can inject into its replies
 * (campus/README.md, "Faults"), the app signs in by itself, or says what happened and offers Retry.
 * The flow inspector shows each injected fault.
 */

type Watched = { readyIds: string[]; authenticateIds: string[] };

/** A campus page in a browser of its own that records the id of every request the app sends it. */
async function openWatchedCampus(browser: Browser, contexts: BrowserContext[], { clock = false } = {}) {
  const context = await browser.newContext();
  contexts.push(context);
  if (clock) await context.clock.install();
  const page = await context.newPage();
  await page.addInitScript(() => {
    const watched = window as unknown as Watched;
    watched.readyIds = [];
    watched.authenticateIds = [];
    window.addEventListener("message", (event) => {
      const data: unknown = event.data;
      if (typeof data !== "object" || data === null || !("method" in data) || !("id" in data)) return;
      if (data.method === "ready") watched.readyIds.push(String(data.id));
      if (data.method === "authenticate") watched.authenticateIds.push(String(data.id));
    });
  });
  const traffic = recordLoginTraffic(page);
  const campus = new CampusPage(page);
  await campus.goto("ada");
  return { campus, page, traffic };
}

const readyIds = (page: Page) => page.evaluate(() => (window as unknown as Watched).readyIds);
const authenticateIds = (page: Page) => page.evaluate(() => (window as unknown as Watched).authenticateIds);

/** The flow inspector's entries for injected faults, opened once the consent dialog is gone. */
async function faultEntries(page: Page) {
  if ((await page.getByTestId("flow-toggle").getAttribute("aria-expanded")) !== "true") await page.getByTestId("flow-toggle").click();
  return page.locator('[data-testid="flow-list"] [data-fault]');
}

test.describe("the handshake never hangs", () => {
  const contexts: BrowserContext[] = [];
  test.afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });

  test("a dropped ready reply: the app asks again with the same id and signs in with the mounted launch", async ({ control, browser }) => {
    await control.injectFault("ready", "drop");
    const { campus, page, traffic } = await openWatchedCampus(browser, contexts);
    await campus.signIn();
    const ids = await readyIds(page);
    expect(ids.length).toBeGreaterThanOrEqual(2);
    expect(new Set(ids).size).toBe(1);
    expect(traffic.logins).toHaveLength(1);
    await expect(page.getByTestId("launch-id")).toHaveText(traffic.logins[0]!.launchId);
    expect(await control.launches()).toHaveLength(1);
    await expect(await faultEntries(page)).toHaveText(["ready reply dropped (injected fault)"].map((title) => new RegExp(escape(title))));
  });

  test("a ready reply delayed past the app's patience: the re-sent ready is answered, and the late reply is ignored", async ({ control, browser }) => {
    // The longest delay the campus takes: the page's clock also runs on by itself, and the late
    // reply must still be on its way when the sign-in has been checked, however slow the machine.
    const delayMs = 60_000;
    await control.injectFault("ready", "delay", { delayMs });
    const { campus, page, traffic } = await openWatchedCampus(browser, contexts, { clock: true });
    await campus.signIn();
    expect(new Set(await readyIds(page)).size).toBe(1);
    const replies = page.locator('[data-testid="flow-list"] [data-name="ready"][data-direction="host-to-app"]:not([data-fault])');
    await expect(await faultEntries(page)).toHaveText([new RegExp(escape(`ready reply delayed ${delayMs} ms (injected fault)`))]);
    // Each re-sent ready is answered, and only the first post's reply is still on its way. A slow
    // campus may be asked again before it answers (same id), so replies are counted against posts.
    const unanswered = async () => (await readyIds(page)).length - (await replies.count());
    await expect.poll(unanswered).toBe(1);
    // The delayed reply arrives after sign-in: nothing changes.
    await page.clock.fastForward(delayMs);
    await expect.poll(unanswered).toBe(0);
    await campus.expectState("signed-in");
    expect(traffic.logins).toHaveLength(1);
    expect(traffic.states).toHaveLength(1);
  });

  test("duplicated replies to ready and authenticate: one sign-in, one login request, one code exchanged", async ({ control, browser }) => {
    await control.injectFault("ready", "duplicate");
    await control.injectFault("authenticate", "duplicate");
    const { campus, page, traffic } = await openWatchedCampus(browser, contexts);
    await campus.signIn();
    await expect(await faultEntries(page)).toHaveText([/ready reply sent twice \(injected fault\)/, /authenticate reply sent twice \(injected fault\)/]);
    // One post's reply came twice: the two entries right after the fault are its replies
    // (campus/page/reply-faults.ts records the fault, then posts twice). On a slow machine the app
    // may re-send authenticate (same id): sent while the answer is being prepared, the re-send
    // shares it; sent after, it gets its own (campus/page/frame-replies.ts). So there is no more
    // than one reply per post plus the duplicate. Replies are read before posts, which only grow.
    const reply = '[data-name="authenticate"][data-direction="host-to-app"]:not([data-fault])';
    await expect(page.locator(`[data-testid="flow-list"] [data-fault][data-name="authenticate"] + ${reply} + ${reply}`)).toHaveCount(1);
    const replies = await page.locator(`[data-testid="flow-list"] ${reply}`).count();
    expect(replies).toBeLessThanOrEqual((await authenticateIds(page)).length + 1);
    await expect(page.locator('[data-testid="flow-list"] [data-kind="rest"][data-name="userinfo"]')).toHaveCount(1);
    expect(traffic.states).toHaveLength(1);
    expect(traffic.logins).toHaveLength(1);
    expect((await control.restLog()).filter((entry) => entry.path === "/v1/apps/token")).toHaveLength(1);
  });

  test("a stale launch in the ready reply: authenticate refuses it, the app asks again and signs in with the frame's launch", async ({ control, browser }) => {
    await control.injectFault("ready", "staleLaunch");
    const { campus, page, traffic } = await openWatchedCampus(browser, contexts);
    await campus.signIn();
    expect(traffic.states).toHaveLength(2);
    expect(traffic.states[0]!.launchId).not.toBe(traffic.states[1]!.launchId);
    expect(traffic.logins).toHaveLength(1);
    await expect(page.getByTestId("launch-id")).toHaveText(traffic.logins[0]!.launchId);
    // Asked again with the same ready: the campus answers the launch it mounted, not a new one.
    expect(new Set(await readyIds(page)).size).toBe(1);
    expect(await control.launches()).toHaveLength(1);
    await expect(await faultEntries(page)).toHaveText([/ready answered with a stale launch \(injected fault\)/]);
    await expect(page.locator('[data-testid="flow-list"] [data-name="authenticate"][data-status="INVALID_LAUNCH"]')).toHaveCount(1);
  });

  test("the frame reloads mid-handshake: the new document gets a new launch and signs in once", async ({ control, browser }) => {
    await control.injectFault("authenticate", "reload");
    const { campus, page, traffic } = await openWatchedCampus(browser, contexts);
    await campus.signIn();
    // One ready and one authenticate per document (each maybe re-sent with its id).
    expect(new Set(await readyIds(page)).size).toBe(2);
    expect(new Set(await authenticateIds(page)).size).toBe(2);
    expect(traffic.logins).toHaveLength(1);
    const launches = await control.launches();
    expect(launches).toHaveLength(2);
    expect(launches.find((launch) => launch.current)?.launchId).toBe(traffic.logins[0]!.launchId);
    expect(traffic.states[0]!.launchId).not.toBe(traffic.logins[0]!.launchId);
    await expect(await faultEntries(page)).toHaveText([/frame reloaded instead of the authenticate reply \(injected fault\)/]);
  });

  test("every ready reply later than the app's patience: it says so, and the late answer signs in without Retry", async ({ control, browser }) => {
    // Each post is answered a minute late, so that the page's own clock, which also runs on by
    // itself, cannot bring the answer before the app has said it got none, however slow the machine.
    const delayMs = 60_000;
    await control.injectFault("ready", "delay", { delayMs, count: READY_SCHEDULE.length });
    const { campus, page, traffic } = await openWatchedCampus(browser, contexts, { clock: true });
    await expect
      .poll(async () => {
        await page.clock.fastForward(1_000);
        return campus.state();
      })
      .toBe("no-answer");
    await expect(campus.status).toContainText("signs you in as soon as the campus answers");
    expect(await readyIds(page)).toHaveLength(READY_SCHEDULE.length);

    await page.clock.fastForward(delayMs);
    await campus.signIn();
    expect(await readyIds(page)).toHaveLength(READY_SCHEDULE.length);
    expect(new Set(await readyIds(page)).size).toBe(1);
    expect(traffic.logins).toHaveLength(1);
    expect(await control.launches()).toHaveLength(1);
    await expect(await faultEntries(page)).toHaveCount(READY_SCHEDULE.length);
  });

  test("every ready reply dropped: after the bounded tries the app says so, and Retry signs in", async ({ control, browser }, testInfo) => {
    await control.injectFault("ready", "drop", { count: READY_SCHEDULE.length });
    const { campus, page, traffic } = await openWatchedCampus(browser, contexts, { clock: true });
    const drops = await faultEntries(page);
    // The page's clock also runs on by itself (re-sends at 2 and 6 s): on a slow machine a second
    // drop may come before this first look, so the test waits for the first one only.
    await expect(drops.first()).toBeAttached();
    // Each step brings the next timer forward.
    await expect
      .poll(async () => {
        await page.clock.fastForward(1_000);
        return campus.state();
      })
      .toBe("no-answer");
    await expect(drops).toHaveCount(READY_SCHEDULE.length);
    await campus.expectState("no-answer");
    expect(await readyIds(page)).toHaveLength(READY_SCHEDULE.length);
    await expect(campus.status.getByRole("heading")).toHaveText("The campus did not answer");
    await expect(campus.status).toContainText(`The app asked the campus page ${READY_SCHEDULE.length} times`);
    const retry = campus.app.getByRole("button", { name: "Retry" });
    await expect(retry).toBeVisible();
    await page.getByTestId("flow-close").click();
    await expectNoAppFrameViolations(page);
    await page.screenshot({ path: testInfo.outputPath("no-answer.png") });

    await retry.click();
    await campus.signIn();
    const ids = await readyIds(page);
    expect(ids).toHaveLength(READY_SCHEDULE.length + 1);
    expect(new Set(ids).size).toBe(1);
    expect(traffic.logins).toHaveLength(1);
    expect(await control.launches()).toHaveLength(1);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
