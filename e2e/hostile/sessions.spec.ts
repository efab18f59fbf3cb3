import type { BrowserContext } from "@playwright/test";
import { appRequest } from "../support/app-request";
import { CampusPage } from "../support/campus-page";
import { expect, test } from "../support/fixtures";
import { recordLoginTraffic } from "../support/login-traffic";
import { APP_ORIGIN, CAMPUS_ORIGIN } from "../support/origins";

const COOKIE_PREFIX = "__Host-app_session_";
/** lib/session/cookie.ts MAX_SESSION_COOKIES: launches that keep a cookie in one browser. */
const MAX_SESSION_COOKIES = 4;
/** lib/session/lifetime.ts RENEWAL_GRACE_SECONDS: how long a renewed session's old handle still leads to it. */
const RENEWAL_GRACE_SECONDS = 15;
/**
 * Launches in one browser: past the bound twice over, so the browser has honoured the server's
 * expiries again and again. That the jar stays bounded however many launches follow (60, say) is
 * lib/session/cookie.test.ts's, without a browser.
 */
const LAUNCHES = 2 * MAX_SESSION_COOKIES + 2;

/** The session cookies the browser holds for the app (partitioned under the campus), newest last. */
async function sessionCookies(context: BrowserContext) {
  return (await context.cookies(APP_ORIGIN)).filter((cookie) => cookie.name.startsWith(COOKIE_PREFIX));
}

/** A signed-in campus tab: its launch, and its session cookie as a Cookie header. */
async function signedIn(campus: CampusPage) {
  const traffic = recordLoginTraffic(campus.page);
  await campus.signIn();
  const launchId = traffic.logins.at(-1)!.launchId;
  const [cookie] = await sessionCookies(campus.page.context());
  return { launchId, cookie: `${cookie!.name}=${cookie!.value}`, traffic };
}

const stateRequest = (launchId: string) => ({ launchId, campusOrigin: CAMPUS_ORIGIN });

// Issue 10, item 4, against the production build: a stolen or old handle buys nothing.
test.describe("hostile: the visitor session", () => {
  test("a live handle cannot be re-sealed through /api/auth/state: no new cookie, nothing extended", async ({ control, openCampusAs }) => {
    void control;
    const { launchId, cookie } = await signedIn(await openCampusAs("ada"));
    const answer = await appRequest("POST", "/api/auth/state", { launchId, cookie, body: stateRequest(launchId) });
    expect(answer.status).toBe(200);
    expect(answer.setCookies.filter((line) => line.startsWith(COOKIE_PREFIX))).toEqual([]);
  });

  test("a handle whose session ended gets no session back from /api/auth/state", async ({ control, openCampusAs }) => {
    void control;
    const campus = await openCampusAs("ada");
    const { launchId, cookie } = await signedIn(campus);
    await campus.app.getByTestId("sign-out").click();
    await campus.expectState("signed-out");
    const state = await appRequest("POST", "/api/auth/state", { launchId, cookie, body: stateRequest(launchId) });
    const resealed = state.setCookies.find((line) => line.startsWith(COOKIE_PREFIX))!.split(";")[0]!;
    expect(resealed).not.toBe(cookie);
    for (const handle of [cookie, resealed]) expect((await appRequest("GET", "/api/me", { launchId, cookie: handle })).status).toBe(401);
  });

  test("logout deletes the server record: the old cookie, replayed, is refused", async ({ control, openCampusAs }) => {
    void control;
    const campus = await openCampusAs("ada");
    const { launchId, cookie } = await signedIn(campus);
    expect((await appRequest("GET", "/api/me", { launchId, cookie })).status).toBe(200);
    await campus.app.getByTestId("sign-out").click();
    await campus.expectState("signed-out");
    const replay = await appRequest("GET", "/api/me", { launchId, cookie });
    expect(replay.status).toBe(401);
    expect(JSON.parse(replay.body)).toMatchObject({ error: { code: "INVALID_TOKEN" } });
  });

  test("a renewal login gets a new session id: the old handle only leads there for the grace, then is dead", async ({ control, browser }) => {
    void control;
    const context = await browser.newContext();
    const page = await context.newPage();
    // The page renews 60 s before its token's 900 s end; its clock is moved there.
    await page.clock.install();
    const campus = new CampusPage(page);
    await campus.goto("ada");
    const { launchId, cookie, traffic } = await signedIn(campus);
    const renewal = page.waitForResponse(`${APP_ORIGIN}/api/auth/login`);
    await page.clock.runFor(15 * 60 * 1000);
    expect((await renewal).status()).toBe(200);
    expect(traffic.logins.at(-1)!.launchId).toBe(launchId);

    const renewed = (await sessionCookies(context)).find((candidate) => cookie.startsWith(`${candidate.name}=`))!;
    expect(`${renewed.name}=${renewed.value}`).not.toBe(cookie);
    expect((await appRequest("GET", "/api/me", { launchId, cookie: `${renewed.name}=${renewed.value}` })).status).toBe(200);
    // The app's clock is real: the grace for requests in flight (lib/session/lifetime.ts) is waited out.
    await expect
      .poll(async () => (await appRequest("GET", "/api/me", { launchId, cookie })).status, { timeout: (RENEWAL_GRACE_SECONDS + 10) * 1000, intervals: [1_000] })
      .toBe(401);
    await context.close();
  });

  test(`${LAUNCHES} launches in one browser keep at most ${MAX_SESSION_COOKIES} session cookies and the Cookie header under 4 KB, and the newest launch signed in`, async ({ control, browser }) => {
    void control;
    const context = await browser.newContext();
    const campus = await CampusPage.open(context, "ada");
    const traffic = recordLoginTraffic(campus.page);
    await campus.signIn();
    const launchLabel = campus.page.getByTestId("launch-id");
    for (let launch = 1; launch < LAUNCHES; launch++) {
      // Each new app document in the campus frame gets a new launch (spec 5.3): a new login and a
      // new per-launch cookie. A new document costs less than a new tab with its campus page.
      const previous = await launchLabel.textContent();
      const app = campus.page.frames().find((frame) => frame.url().startsWith(`${APP_ORIGIN}/`))!;
      await app.goto(app.url());
      await expect(launchLabel).not.toHaveText(previous!);
      await campus.expectState("signed-in");
    }
    expect(new Set(traffic.logins.map((login) => login.launchId)).size).toBe(LAUNCHES);
    expect((await sessionCookies(context)).length).toBeLessThanOrEqual(MAX_SESSION_COOKIES);
    const me = campus.page.waitForRequest(`${APP_ORIGIN}/api/me`);
    await campus.app.getByTestId("check-access").click();
    const header = (await (await me).allHeaders()).cookie ?? "";
    expect(header).toContain(COOKIE_PREFIX);
    expect(Buffer.byteLength(header)).toBeLessThan(4096);
    await campus.expectState("signed-in");
    await context.close();
  });
});
