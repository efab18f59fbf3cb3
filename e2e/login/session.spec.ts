import { expect, test } from "../support/fixtures";
import { CampusPage } from "../support/campus-page";
import { recordLoginTraffic } from "../support/login-traffic";
import { APP_ORIGIN } from "../support/origins";
import { blockAppCookies } from "../support/without-cookies";

test.describe("the visitor session", () => {
  test("the session cookie is HttpOnly, Secure, SameSite=None and Partitioned, and comes back", async ({ control, browser }) => {
    void control;
    const context = await browser.newContext();
    const page = await context.newPage();
    // Awaited from before the campus page opens: the app may ask for its state before that page's
    // load event, and a response that came first would never be seen.
    const stateResponse = page.waitForResponse(`${APP_ORIGIN}/api/auth/state`);
    const campus = new CampusPage(page);
    await campus.goto("ada");
    await campus.signIn();
    const setCookie = (await (await stateResponse).headerValue("set-cookie")) ?? "";
    expect(setCookie).toMatch(/^__Host-app_session_[0-9a-f]{16}=/);
    for (const attribute of [/HttpOnly/i, /Secure/i, /SameSite=None/i, /Partitioned/i]) expect(setCookie).toMatch(attribute);

    // The browser kept it inside the iframe and sends it back: the session holds without a handle header.
    const me = campus.page.waitForRequest(`${APP_ORIGIN}/api/me`);
    await campus.app.getByTestId("check-access").click();
    const headers = await (await me).allHeaders();
    expect(headers.cookie ?? "").toMatch(/__Host-app_session_[0-9a-f]{16}=/);
    expect(headers["x-app-session"]).toBeUndefined();
    await campus.expectState("signed-in");
    await context.close();
  });

  test("two tabs log in at once, each with its own launch and session", async ({ control, browser }) => {
    void control;
    const context = await browser.newContext();
    const [first, second] = await Promise.all(
      [0, 1].map(async () => {
        const page = await context.newPage();
        const traffic = recordLoginTraffic(page);
        const campus = new CampusPage(page);
        await campus.goto("ada");
        return { campus, traffic };
      }),
    );
    // Consent is asked once per tab until one approves; approve wherever it is asked.
    for (const { campus } of [first!, second!]) await campus.signIn();

    expect(first!.traffic.logins[0]!.launchId).not.toBe(second!.traffic.logins[0]!.launchId);

    await first!.campus.app.getByTestId("sign-out").click();
    await first!.campus.expectState("signed-out");
    await second!.campus.app.getByTestId("check-access").click();
    await second!.campus.expectState("signed-in");
    await context.close();
  });

  test("a reload logs in again with a new launch", async ({ control, openCampusAs }) => {
    void control;
    const campus = await openCampusAs("ada");
    const traffic = recordLoginTraffic(campus.page);
    await campus.signIn();
    await campus.page.reload();
    await campus.expectState("signed-in");
    expect(traffic.logins).toHaveLength(2);
    expect(traffic.logins[0]!.launchId).not.toBe(traffic.logins[1]!.launchId);
  });

  test("login works when the browser gives the iframe no cookies at all", async ({ control, browser }) => {
    void control;
    const context = await browser.newContext();
    await blockAppCookies(context);
    const campus = await CampusPage.open(context, "ada");
    await campus.signIn();

    const me = campus.page.waitForRequest(`${APP_ORIGIN}/api/me`);
    await campus.app.getByTestId("check-access").click();
    const headers = await (await me).allHeaders();
    expect(headers.cookie).toBeUndefined();
    expect(headers["x-app-session"]).toBeTruthy();
    await campus.expectState("signed-in");
    await expect(campus.text("member-username")).toHaveText(/ada/);
    expect(await context.cookies(APP_ORIGIN)).toEqual([]);
    await context.close();
  });
});
