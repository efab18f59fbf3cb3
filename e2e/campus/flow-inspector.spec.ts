import { expect, test } from "../support/fixtures";
import { recordLoginTraffic } from "../support/login-traffic";

// The flow inspector of the campus page: every iframe message and every REST call, in order,
// with nothing secret in the page (spec 5.1: secrets never in logs; part 9: the code is one use).
test.describe("the flow inspector", () => {
  test("after a login it shows ready → authenticate → token → userinfo in order, with nothing secret in the page", async ({ control, openCampusAs }) => {
    void control;
    const campus = await openCampusAs("ada");
    const { page } = campus;
    const traffic = recordLoginTraffic(page);
    // Signed in first: the consent dialog is modal, so a click on the toggle while it opens would
    // never land. The page records every message whether the inspector is open or not.
    await campus.signIn();
    await page.getByTestId("flow-toggle").click();
    await expect(page.getByTestId("flow-inspector")).toBeVisible();

    const list = page.getByTestId("flow-list");
    await expect(list.locator('[data-kind="rest"][data-name="userinfo"]')).toHaveCount(1);
    const steps = await list
      .locator("[data-flow-entry]")
      .evaluateAll((nodes) => nodes.map((node) => `${(node as HTMLElement).dataset.name} ${(node as HTMLElement).dataset.direction}`));
    const order = [
      "ready app-to-host",
      "ready host-to-app",
      "authenticate app-to-host",
      "authenticate host-to-app",
      "token backend-to-campus",
      "userinfo backend-to-campus",
    ].map((step) => steps.indexOf(step));
    expect(order.every((index) => index >= 0), `every step shown, in: ${steps.join(", ")}`).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));

    // One click shows the redacted body and the spec section it follows.
    await list.locator('[data-kind="rest"][data-name="token"] button').click();
    const detail = page.getByTestId("flow-detail");
    await expect(detail.getByTestId("flow-detail-spec")).toContainText("Spec 4.1 · POST /v1/apps/token");
    await expect(detail.getByTestId("flow-detail-body")).toContainText('"access_token": "‹redacted›"');
    await expect(detail.getByTestId("flow-detail-body")).toContainText('"code": "‹redacted›"');
    // The first reply: a re-send that crossed it on the way is answered with the same reply.
    await list.locator('[data-name="authenticate"][data-direction="host-to-app"] button').first().click();
    await expect(detail.getByTestId("flow-detail-spec")).toContainText("Spec 5.3.4");
    await expect(detail.getByTestId("flow-detail-body")).toContainText('"state": "‹redacted›"');

    // Nothing secret anywhere in the page: not the code, not the state, nothing shaped like a token.
    const [login] = traffic.logins;
    expect(login).toBeDefined();
    const html = await page.content();
    const text = await page.locator("body").innerText();
    for (const secret of [login!.code, login!.state]) {
      expect(html).not.toContain(secret);
      expect(text).not.toContain(secret);
    }
    // Codes, states and tokens are 43 base64url characters (campus/core/ids.ts); IDs are shorter.
    expect(await page.getByTestId("flow-inspector").innerText()).not.toMatch(/[A-Za-z0-9_-]{43}/);
  });

  test("filters by text and by kind, and keeps its place across a reload", async ({ control, openCampusAs }) => {
    void control;
    const campus = await openCampusAs("ada");
    const { page } = campus;
    await campus.signIn();
    await page.getByTestId("flow-toggle").click();
    const entries = page.getByTestId("flow-list").locator("[data-flow-entry]");
    await expect(page.getByTestId("flow-list").locator('[data-name="userinfo"]')).toHaveCount(1);

    await page.getByTestId("flow-filter").fill("userinfo");
    await expect(entries).toHaveCount(1);
    await expect(entries.first()).toHaveAttribute("data-name", "userinfo");

    await page.getByTestId("flow-filter").fill("");
    await page.getByTestId("flow-kind").selectOption("message");
    await expect(entries.first()).toHaveAttribute("data-kind", "message");
    expect(await entries.evaluateAll((nodes) => nodes.every((node) => (node as HTMLElement).dataset.kind === "message"))).toBe(true);

    await page.getByTestId("flow-kind").selectOption("error");
    await expect(entries).toHaveCount(0);

    // Open stays open after a reload of the campus tab, and the new handshake shows.
    await page.reload();
    await expect(page.getByTestId("flow-inspector")).toBeVisible();
    await campus.expectState("signed-in");
    // Messages are the page's own: the new document's handshake only. A campus slower than the
    // app's first re-send (2 s) answers that re-send too, so there may be more than one reply.
    await expect(page.getByTestId("flow-list").locator('[data-name="ready"][data-direction="host-to-app"]').first()).toBeAttached();
    await expect(page.getByTestId("flow-list").locator('[data-name="authenticate"][data-direction="app-to-host"]').first()).toBeAttached();
  });
});
