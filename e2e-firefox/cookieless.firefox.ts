import { describe, expect, test } from "vitest";
import { APP_ORIGIN, CAMPUS_ORIGIN } from "../e2e/support/origins";
import { recordAppRequests, type AppRequest } from "./support/app-traffic";
import type { CampusPage } from "./support/campus-page";
import { eventually } from "./support/eventually";
import { REJECT_THIRD_PARTY_COOKIES } from "./support/firefox";
import { firefoxSuite } from "./support/firefox-suite";
import { byTestId } from "./support/frame-reads";
import { SESSION_COOKIE, partitionCookies } from "./support/partition-cookies";
import { adaAttachedWithSpeakers, presentVideo, presentationStatus } from "./support/presentation-setup";

// Firefox told to reject third-party cookies: the app's iframe on the campus page keeps none, as
// in Safari. The app must carry its session in the X-App-Session header (lib/session/session-credentials.ts).
const firefox = firefoxSuite(REJECT_THIRD_PARTY_COOKIES);

function expectHeaderCarried(request: AppRequest | undefined) {
  expect(request, "a request to the app").toBeDefined();
  expect(request!.headers.cookie ?? "").not.toMatch(/app_session_/);
  expect(request!.headers["x-app-session"]).toBeTruthy();
}

async function expectNoSessionCookie(campus: CampusPage) {
  const context = campus.page.browserContext();
  for (const partition of [CAMPUS_ORIGIN, APP_ORIGIN]) {
    const cookies = await partitionCookies(firefox.browser(), context, partition);
    expect(cookies.filter((cookie) => SESSION_COOKIE.test(cookie.name))).toEqual([]);
  }
}

describe("the cookieless path in Firefox with third-party cookies rejected", () => {
  test("login holds through the session header, and no session cookie is kept", async () => {
    const campus = await firefox.openCampusAs("ada");
    const traffic = recordAppRequests(campus.page);
    await campus.signIn();

    await campus.inApp.click(byTestId("check-access"));
    await eventually(() => traffic.answered("/api/me").length).toBeGreaterThan(0);
    const me = traffic.answered("/api/me").at(-1)!;
    expect(me.status).toBe(200);
    expectHeaderCarried(me);
    await campus.expectState("signed-in");
    await eventually(() => campus.inApp.text(byTestId("member-username"))).toMatch(/ada/);
    await expectNoSessionCookie(campus);
  });

  test("a call command and a video presentation work through the session header", async () => {
    const { ada } = await adaAttachedWithSpeakers(firefox.control, firefox.openCampusAs, 1);
    const traffic = recordAppRequests(ada.page);

    await ada.inApp.click(byTestId("action-cameraOn"));
    await eventually(() => ada.lastCommandStatus()).toMatch(/pending|working/);
    await ada.confirmCommandPrompt();
    await eventually(() => ada.lastCommandStatus()).toBe("applied");
    expectHeaderCarried(traffic.answered("/api/call/commands").find((request) => request.method === "POST"));

    await presentVideo(ada);
    await eventually(() => presentationStatus(ada)).toBe("app");
    const beats = () => traffic.answered("/api/call/presentation/heartbeat").filter((beat) => beat.status === 200);
    await eventually(() => beats().length).toBeGreaterThan(0);
    expectHeaderCarried(beats().at(-1));
    await expectNoSessionCookie(ada);
  });
});
