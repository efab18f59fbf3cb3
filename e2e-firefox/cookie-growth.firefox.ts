import { describe, expect, test } from "vitest";
import { CAMPUS_ORIGIN } from "../e2e/support/origins";
import { currentLaunchId } from "./support/activity";
import { recordAppRequests } from "./support/app-traffic";
import { CampusPage } from "./support/campus-page";
import { EXPECT_TIMEOUT_MS, eventually } from "./support/eventually";
import { firefoxSuite } from "./support/firefox-suite";
import { byTestId } from "./support/frame-reads";
import { SESSION_COOKIE, partitionCookies } from "./support/partition-cookies";

const firefox = firefoxSuite();

// Past the bound of session cookies (lib/session/cookie.ts) twice over; that the jar stays bounded
// however many launches follow is lib/session/cookie.test.ts's, without a browser.
const RELOADS = 10;
// Many servers and proxies refuse request headers past 4-8 KB; the app's cookies must stay well inside.
const COOKIE_HEADER_MAX_BYTES = 4_096;
// The views that say the launch is over and offer the way back, instead of failing silently.
// Ten sign-ins in a row: a few seconds each, over ten on a machine busy with other runs. The
// bound only catches a sign-in that never ends, so it allows each one as long as any expectation.
const TEST_TIMEOUT_MS = (RELOADS + 2) * EXPECT_TIMEOUT_MS;
const REOPEN_VIEWS = /^(unavailable-app|expired|signed-out)$/;
const WORKS_OR_SAYS_WHY = /^(signed-in|unavailable-app|expired|signed-out)$/;

// Each reload of the campus page is a new launch with its own session cookie (one per launch, so
// two tabs never overwrite each other). In one Firefox profile those must not pile up.
describe("session cookies across many launches in one Firefox profile", () => {
  test(`after ${RELOADS} reloads the Cookie header stays small and the current launch works; an older tab says where it stands`, async () => {
    const context = await firefox.newContext();
    const older = await CampusPage.open(context, "ada");
    await older.signIn();

    const current = await CampusPage.inNewWindow(context);
    const traffic = recordAppRequests(current.page);
    await current.goto("ada");
    await current.signIn();
    for (let reload = 1; reload <= RELOADS; reload++) {
      const before = await currentLaunchId(current);
      await current.page.reload();
      await eventually(() => currentLaunchId(current)).not.toBe(before);
      await current.expectState("signed-in");
    }

    await current.inApp.click(byTestId("check-access"));
    await eventually(() => traffic.answered("/api/me").length).toBeGreaterThan(0);
    const me = traffic.answered("/api/me").at(-1)!;
    const cookieHeader = me.headers.cookie ?? "";
    const sessionCookies = cookieHeader.split("; ").filter((pair) => SESSION_COOKIE.test(pair));
    const kept = (await partitionCookies(firefox.browser(), context, CAMPUS_ORIGIN)).filter((cookie) => SESSION_COOKIE.test(cookie.name));
    console.info(`after ${RELOADS} reloads: Cookie header ${Buffer.byteLength(cookieHeader)} bytes, ${sessionCookies.length} session cookies sent, ${kept.length} kept`);
    expect(me.status).toBe(200);
    await current.expectState("signed-in");
    // Soft: the older tab's part below runs and reports too when the header is already too large.
    expect.soft(Buffer.byteLength(cookieHeader), "bytes of the Cookie header").toBeLessThan(COOKIE_HEADER_MAX_BYTES);

    // The older tab, still open on its first launch: it works, or it says the launch is over and
    // offers the way back, which then works.
    await older.checkAccess();
    await eventually(async () => (await older.state()) ?? "no app view").toMatch(WORKS_OR_SAYS_WHY);
    const state = (await older.state())!;
    if (REOPEN_VIEWS.test(state)) {
      if (state === "unavailable-app") await older.page.reload();
      else await older.inApp.click(byTestId("sign-in"));
      await older.signIn();
    }
    await older.inApp.click(byTestId("check-access"));
    await older.expectState("signed-in");
  }, TEST_TIMEOUT_MS);
});
