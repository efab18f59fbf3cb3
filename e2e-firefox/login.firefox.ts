import { describe, expect, test } from "vitest";
import { APP_ORIGIN, CAMPUS_ORIGIN } from "../e2e/support/origins";
import { recordAppRequests } from "./support/app-traffic";
import { CampusPage } from "./support/campus-page";
import { eventually } from "./support/eventually";
import { byTestId } from "./support/frame-reads";
import { firefoxSuite } from "./support/firefox-suite";
import { SESSION_COOKIE, partitionCookies } from "./support/partition-cookies";

const firefox = firefoxSuite();

// Spec 3 (launch, session), 4.1-4.2, in Firefox's cross-site iframe with its default cookie rules.
describe("login in Firefox's cross-site iframe", () => {
  test("the session cookie lives in the campus's partition, HttpOnly, and comes back; no token in the page", async () => {
    const campus = await firefox.openCampusAs("ada");
    const traffic = recordAppRequests(campus.page);
    await campus.signIn();

    const context = campus.page.browserContext();
    const inCampusPartition = (await partitionCookies(firefox.browser(), context, CAMPUS_ORIGIN)).filter((c) => SESSION_COOKIE.test(c.name));
    expect(inCampusPartition).toHaveLength(1);
    expect(inCampusPartition[0]).toMatchObject({ domain: "app.localhost", httpOnly: true, secure: true, sameSite: "none" });
    // Not in the app's own (top-level) partition: the campus page's iframe is the only place it applies.
    expect((await partitionCookies(firefox.browser(), context, APP_ORIGIN)).filter((c) => SESSION_COOKIE.test(c.name))).toEqual([]);

    await campus.inApp.click(byTestId("check-access"));
    await eventually(() => traffic.to("/api/me").length).toBeGreaterThan(0);
    const me = traffic.to("/api/me").at(-1)!;
    expect(me.headers.cookie ?? "").toMatch(/(^|; )(__Host-)?app_session_[0-9a-f]{16}=/);
    expect(me.headers["x-app-session"]).toBeUndefined();
    await campus.expectState("signed-in");

    // HttpOnly holds in the page, and no campus token reached it.
    expect(await campus.app.evaluate(() => document.cookie)).toBe("");
    const pageText = await campus.app.evaluate(() => `${document.documentElement.outerHTML}\n${JSON.stringify({ ...sessionStorage })}\n${JSON.stringify({ ...localStorage })}`);
    const tokens = await firefox.control.accessTokens();
    expect(tokens.length).toBeGreaterThan(0);
    for (const token of tokens) expect(pageText).not.toContain(token);
  });

  test("a reload logs in again with a new launch", async () => {
    const campus = await firefox.openCampusAs("ada");
    const traffic = recordAppRequests(campus.page);
    await campus.signIn();
    await campus.page.reload();
    await campus.expectState("signed-in");
    await eventually(() => traffic.loginLaunches().length).toBe(2);
    const [first, second] = traffic.loginLaunches();
    expect(second).not.toBe(first);
  });

  test("two tabs log in at once, each with its own launch and session", async () => {
    const context = await firefox.newContext();
    const [first, second] = await Promise.all(
      [0, 1].map(async () => {
        const campus = new CampusPage(await context.newPage());
        const traffic = recordAppRequests(campus.page);
        await campus.goto("ada");
        return { campus, traffic };
      }),
    );
    // Both handshakes ran side by side, the second tab in front. The member then acts in each tab
    // as a member can: brought to the front first (in a tab behind another, Firefox paints no
    // frames, and a click there took about ten seconds).
    // Consent is asked once per tab until one approves; approve wherever it is asked.
    for (const { campus } of [first!, second!]) {
      await campus.page.bringToFront();
      await campus.signIn();
    }
    expect(first!.traffic.loginLaunches()[0]).not.toBe(second!.traffic.loginLaunches()[0]);

    await first!.campus.page.bringToFront();
    await first!.campus.inApp.click(byTestId("sign-out"));
    await first!.campus.expectState("signed-out");
    await second!.campus.page.bringToFront();
    await second!.campus.inApp.click(byTestId("check-access"));
    await second!.campus.expectState("signed-in");
  });

  test("a denied consent shows why, and signing in again asks again", async () => {
    const campus = await firefox.openCampusAs("ada");
    await campus.denyConsent();
    await campus.expectState("denied");
    await campus.inApp.click(byTestId("sign-in"));
    await campus.approveConsent();
    await campus.expectState("signed-in");
  });

  test("an expired token shows the expired state, and signing in renews it", async () => {
    const campus = await firefox.openCampusAs("ada");
    await campus.signIn();
    await firefox.control.advanceClock(901); // spec 3: tokens live 900 s
    await campus.checkAccess();
    await campus.expectState("expired");
    await campus.inApp.click(byTestId("sign-in"));
    await campus.expectState("signed-in");
    await campus.inApp.click(byTestId("check-access"));
    await campus.expectState("signed-in");
  });
});
