import { expect } from "vitest";
import { APP_ORIGIN } from "../../e2e/support/origins";
import { SESSION_COOKIE } from "../../e2e-firefox/support/partition-cookies";
import type { WebKitCampusPage } from "./campus-page";
import type { RecordedRequest } from "./recording-proxy";

/** A request that carried its session in X-App-Session and sent no session cookie (docs/assumptions.md, "The app's visitor session"). */
export function expectHeaderCarried(request: RecordedRequest | undefined) {
  expect(request, "a request to the app").toBeDefined();
  expect(request!.sessionCookies).toEqual([]);
  expect(request!.sessionHeader).toBe(true);
}

/**
 * Nothing of the session was kept by the browser: no session cookie for the app, seen from its
 * iframe and from the campus page (WebDriver's Get All Cookies of each), none readable by script,
 * and no entry in the frame's localStorage or sessionStorage.
 */
export async function expectNothingKept(campus: WebKitCampusPage) {
  const inFrame = await campus.tab.inFrame([{ prefix: APP_ORIGIN }], (driver) => driver.manage().getCookies());
  const onCampus = await campus.tab.inFrame([], (driver) => driver.manage().getCookies());
  expect([...inFrame, ...onCampus].filter((cookie) => SESSION_COOKIE.test(cookie.name))).toEqual([]);
  const stored = await campus.inAppScript<{ cookie: string; local: number; session: number }>(
    "return { cookie: document.cookie, local: localStorage.length, session: sessionStorage.length }",
  );
  expect(stored).toEqual({ cookie: "", local: 0, session: 0 });
}
