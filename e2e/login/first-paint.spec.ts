import type { Page } from "@playwright/test";
import { markName } from "@/lib/client/timing/timing-marks";
import { expect, test } from "../support/fixtures";
import { APP_ORIGIN, APP_SERVER, CAMPUS_ORIGIN, startsWithOrigin } from "../support/origins";

// The server paints the page's first view, so its largest text waits for no script: opened in a
// tab, the way to the campus; in the campus's frame, "Connecting…" (app/page.tsx, embedded-app.tsx).
test.describe("the first view is painted by the server", () => {
  test("opened in a tab, the way to the campus shows with scripts off", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(APP_ORIGIN);
    await expect(page.getByTestId("app-status")).toHaveAttribute("data-state", "not-embedded");
    await expect(page.getByRole("heading", { name: "Open this app from the campus" })).toBeVisible();
    await expect(page.getByTestId("campus-link")).toHaveAttribute("href", startsWithOrigin(CAMPUS_ORIGIN));
    await context.close();
  });

  test("in the campus's frame, connecting shows with the app's scripts refused", async ({ control, context, page }) => {
    void control;
    // The campus page needs its own scripts to frame the app, so only the app's are refused.
    await context.route(`${APP_ORIGIN}/_next/static/**/*.js`, (route) => route.abort());
    await page.goto(`${CAMPUS_ORIGIN}/?member=ada`);
    const app = page.frameLocator('[data-testid="app-frame"]');
    await expect(app.getByTestId("app-status")).toHaveAttribute("data-state", "connecting");
    await expect(app.getByRole("heading", { name: "Connecting to the campus…" })).toBeVisible();
  });

  test("opened in a tab, the page keeps its view as it hydrates and never fetches the handshake", async ({ browser, context, page }) => {
    const handshakeChunks: string[] = [];
    await context.route(`${APP_ORIGIN}/_next/static/chunks/*.js`, async (route) => {
      const response = await route.fetch({ url: route.request().url().replace(APP_ORIGIN, APP_SERVER) });
      const body = await response.text();
      // campus-app.tsx's own text: in the handshake's chunk alone (first-load.spec.ts).
      if (body.includes("Confirm in the campus if it asks.")) handshakeChunks.push(route.request().url());
      return route.fulfill({ response, body });
    });
    await page.goto(APP_ORIGIN);
    await page.waitForFunction((mark) => performance.getEntriesByName(mark, "mark").length > 0, markName("hydrated"));
    await page.waitForLoadState("networkidle");
    await expect(page.getByTestId("app-status")).toHaveAttribute("data-state", "not-embedded");
    // Hydration took over the server's view where it was: the same box as the page with scripts off.
    const heading = (each: Page) => each.getByRole("heading", { name: "Open this app from the campus" }).boundingBox();
    const serverOnly = await browser.newContext({ javaScriptEnabled: false, viewport: page.viewportSize() });
    const painted = await serverOnly.newPage();
    await painted.goto(APP_ORIGIN);
    expect(await heading(page)).toEqual(await heading(painted));
    await serverOnly.close();
    expect(handshakeChunks).toEqual([]);
  });
});
