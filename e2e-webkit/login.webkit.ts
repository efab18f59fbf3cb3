import { describe, expect, test } from "vitest";
import { eventually } from "../e2e-firefox/support/eventually";
import { byTestId } from "../e2e-firefox/support/frame-reads";
import type { WebKitCampusPage } from "./support/campus-page";
import { expectHeaderCarried, expectNothingKept } from "./support/cookieless";
import { webkitSuite } from "./support/webkit-suite";

const webkit = webkitSuite();

// Spec 3 (launch, session), 4.1-4.2, in WebKit's cross-site iframe with its default cookie policy.
describe("login in WebKit's cross-site iframe", () => {
  test("WebKit keeps no cookie for the app's iframe: the session travels in X-App-Session, and nothing is stored", async () => {
    const campus = await webkit.openCampusAs("ada");
    await campus.signIn();

    // The app offered its session cookie with the login's answer; WebKit sent it back on no later request.
    const [login] = webkit.traffic().answered("/api/auth/login");
    expect(login).toMatchObject({ status: 200, sessionCookies: [] });
    expect(login!.setCookies).toHaveLength(1);

    await campus.inApp.click(byTestId("check-access"));
    await eventually(() => webkit.traffic().answered("/api/me").length).toBeGreaterThan(0);
    const me = webkit.traffic().answered("/api/me").at(-1)!;
    expect(me.status).toBe(200);
    expectHeaderCarried(me);
    for (const request of webkit.traffic().all()) expect(request.sessionCookies).toEqual([]);
    const afterLogin = webkit.traffic().all().slice(webkit.traffic().all().findIndex((request) => request.path === "/api/auth/login") + 1);
    expect(afterLogin.length).toBeGreaterThan(0);
    for (const request of afterLogin) expectHeaderCarried(request);
    await campus.expectState("signed-in");
    await eventually(() => campus.inApp.text(byTestId("member-username"))).toMatch(/ada/);

    await expectNothingKept(campus);
    // No campus token reached the page either.
    const pageText = await campus.inAppScript<string>("return document.documentElement.outerHTML");
    const tokens = await webkit.control.accessTokens();
    expect(tokens.length).toBeGreaterThan(0);
    for (const token of tokens) expect(pageText).not.toContain(token);
  });

  test("a reload logs in again with a new launch", async () => {
    const campus = await webkit.openCampusAs("ada");
    await campus.signIn();
    await campus.reload();
    await campus.expectState("signed-in");
    await eventually(() => webkit.traffic().loginLaunches().length).toBe(2);
    const [first, second] = webkit.traffic().loginLaunches();
    expect(second).not.toBe(first);
    // The handle of the first launch lived in the old page's memory only: the new one logged in afresh.
    expect(webkit.traffic().answered("/api/auth/login").map((login) => login.sessionHeader)).toEqual([false, false]);
  });

  test("a denied consent shows why, and signing in again asks again", async () => {
    const campus = await webkit.openCampusAs("ada");
    await campus.denyConsent();
    await campus.expectState("denied");
    await campus.inApp.click(byTestId("sign-in"));
    await campus.approveConsent();
    await campus.expectState("signed-in");
  });

  test("an expired token shows the expired state, and signing in renews it", async () => {
    const campus: WebKitCampusPage = await webkit.openCampusAs("ada");
    await campus.signIn();
    await webkit.control.advanceClock(901); // spec 3: tokens live 900 s
    await campus.checkAccess();
    await campus.expectState("expired");
    await campus.inApp.click(byTestId("sign-in"));
    await campus.expectState("signed-in");
    const checks = webkit.traffic().answered("/api/me").length;
    await campus.inApp.click(byTestId("check-access"));
    await eventually(() => webkit.traffic().answered("/api/me").length).toBeGreaterThan(checks);
    expect(webkit.traffic().answered("/api/me").at(-1)!.status).toBe(200);
    expectHeaderCarried(webkit.traffic().answered("/api/me").at(-1));
    await campus.expectState("signed-in");
  });
});
