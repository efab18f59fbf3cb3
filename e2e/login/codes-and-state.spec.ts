import { CampusPage } from "../support/campus-page";
import { expect, test } from "../support/fixtures";
import { recordLoginTraffic } from "../support/login-traffic";
import { APP_ORIGIN, CAMPUS_API, CAMPUS_ORIGIN } from "../support/origins";
import { CLIENT_AUTHORIZATION } from "../support/local-env";

test.describe("codes and states are single use", () => {
  test("a code already exchanged is rejected by the campus and by the app", async ({ control, openCampusAs, request }) => {
    void control;
    const campus = await openCampusAs("ada");
    const traffic = recordLoginTraffic(campus.page);
    await campus.signIn();
    const login = traffic.logins[0]!;

    // Straight at the campus with the app's own credentials: 401 INVALID_TOKEN (spec 7).
    const replay = await request.post(`${CAMPUS_API}/v1/apps/token`, {
      headers: { authorization: CLIENT_AUTHORIZATION },
      data: { code: login.code },
    });
    expect(replay.status()).toBe(401);
    expect(await replay.json()).toEqual({ error: { code: "INVALID_TOKEN", message: expect.any(String) } });

    // Through the app, with a fresh state of the same launch: the app forwards the campus's refusal.
    const result = await campus.page.frame({ url: `${APP_ORIGIN}/` })!.evaluate(async ({ launchId, code, campusOrigin }) => {
      const headers = { "content-type": "application/json", "x-campus-launch": launchId };
      const state = await fetch("/api/auth/state", { method: "POST", headers, body: JSON.stringify({ launchId, campusOrigin }) }).then((r) => r.json());
      const response = await fetch("/api/auth/login", { method: "POST", headers, body: JSON.stringify({ launchId, code, state: state.state }) });
      return { status: response.status, body: await response.json() };
    }, { ...login, campusOrigin: CAMPUS_ORIGIN });
    expect(result.status).toBe(401);
    expect(result.body.error.code).toBe("INVALID_TOKEN");
  });

  test("a login with a state the backend did not issue is refused and the page offers a new start", async ({ control, browser }) => {
    void control;
    // The route is in place before the app's frame exists: set on a page whose frame is already
    // loading, it may miss the frame's first login.
    const context = await browser.newContext();
    let tampered = false;
    await context.route(`${APP_ORIGIN}/api/auth/login`, async (route) => {
      const body = route.request().postDataJSON();
      if (tampered) return route.continue();
      tampered = true;
      await route.continue({ postData: JSON.stringify({ ...body, state: "a-state-the-backend-never-issued" }) });
    });
    const campus = await CampusPage.open(context, "ada");
    await campus.approveConsent();
    await campus.expectState("error");
    await expect(campus.status).toContainText(/state/i);
    await campus.app.getByTestId("sign-in").click();
    await campus.expectState("signed-in");
    await context.close();
  });
});
