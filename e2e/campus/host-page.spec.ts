import type { Page } from "@playwright/test";
import { membersInOneCall } from "../support/call-setup";
import { expect, test } from "../support/fixtures";
import { APP_ORIGIN, CAMPUS_ORIGIN } from "../support/origins";
import { adaAttachedWithSpeakers, present, presentationStatus } from "../support/presentation-setup";

// The campus page as a good host: the frame fits the window, native prompts overlay it without
// moving it and hand focus back, and a loading state shows until the app's first page arrives.

async function frameBox(page: Page) {
  const box = await page.getByTestId("app-frame").boundingBox();
  if (!box) throw new Error("the app frame is not rendered");
  return box;
}

/** Nothing on the page reaches past the window's right edge: the page has no sideways scrollbar. */
async function expectNoSidewaysOverflow(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, `the page is ${scrollWidth} px wide in a ${innerWidth} px window`).toBeLessThanOrEqual(innerWidth);
}

/** The page itself does not scroll: only the app (inside the frame) and the side column may. */
async function expectOneScrollbar(page: Page) {
  const { scrollHeight, scrollWidth, innerHeight, innerWidth } = await page.evaluate(() => ({
    scrollHeight: document.documentElement.scrollHeight,
    scrollWidth: document.documentElement.scrollWidth,
    innerHeight: window.innerHeight,
    innerWidth: window.innerWidth,
  }));
  expect(scrollHeight).toBeLessThanOrEqual(innerHeight);
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  const box = await frameBox(page);
  expect(box.y + box.height).toBeLessThanOrEqual(innerHeight);
  expect(box.x + box.width).toBeLessThanOrEqual(innerWidth);
}

test.describe("the campus page as a host", () => {
  for (const viewport of [{ width: 1400, height: 900 }, { width: 1024, height: 768 }]) {
    test(`the frame fits a ${viewport.width}×${viewport.height} window, with one scrollbar`, async ({ control, openCampusAs }) => {
      void control;
      const campus = await openCampusAs("ada");
      await campus.page.setViewportSize(viewport);
      await campus.signIn();
      await expectOneScrollbar(campus.page);
      expect((await frameBox(campus.page)).height).toBeGreaterThan(viewport.height * 0.7);
    });
  }

  test("the page never scrolls sideways at 1400, 1024 and 420 px, presenting, with the flow inspector open or closed", async ({ control, openCampusAs }) => {
    const { ada } = await adaAttachedWithSpeakers(control, openCampusAs, 3);
    await present(ada, "video");
    await expect(presentationStatus(ada)).toHaveAttribute("data-status", "app");
    const toggle = ada.page.getByTestId("flow-toggle");
    for (const width of [1400, 1024, 420]) {
      await ada.page.setViewportSize({ width, height: 860 });
      await expectNoSidewaysOverflow(ada.page);
      await toggle.click();
      await expect(ada.page.getByTestId("flow-inspector")).toBeVisible();
      await expectNoSidewaysOverflow(ada.page);
      await toggle.click();
      await expect(ada.page.getByTestId("flow-inspector")).toBeHidden();
    }
  });

  test("shows the registered app's icon beside its name: the app's favicon, from its public folder", async ({ control, openCampusAs }) => {
    void control;
    const campus = await openCampusAs("ada");
    const icon = campus.page.getByTestId("app-icon");
    await expect(icon).toHaveAttribute("src", `${APP_ORIGIN}/icon.svg`);
    // Loaded across sites, which the page's CSP allows for the app origin only.
    await expect.poll(() => icon.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await expect(campus.app.locator('link[rel="icon"]')).toHaveAttribute("href", "/icon.svg");
  });

  test("a native prompt overlays the frame without moving it, takes focus and gives it back", async ({ control, openCampusAs }) => {
    const { pages } = await membersInOneCall(control, openCampusAs, ["ada"]);
    const [ada] = pages;
    const { page } = ada!;
    const before = await frameBox(page);

    await ada!.app.getByTestId("call-attach").click();
    const prompt = page.getByTestId("call-approval-prompt");
    await expect(prompt).toBeVisible();
    expect(await frameBox(page)).toEqual(before);
    // The prompt took focus (its first control, the safe answer) ...
    await expect(prompt.getByTestId("call-approval-deny")).toBeFocused();
    // ... and, answered from the keyboard, gives it back to the app's frame.
    await page.keyboard.press("Tab");
    await expect(prompt.getByTestId("call-approval-allow")).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(prompt).toBeHidden();
    await expect(page.getByTestId("app-frame")).toBeFocused();
    await expect(ada!.app.getByTestId("call-roster")).toBeVisible();
    expect(await frameBox(page)).toEqual(before);
  });

  test("the consent dialog gives focus back to the app's frame", async ({ control, openCampusAs }) => {
    void control;
    const campus = await openCampusAs("ada");
    await expect(campus.consentDialog).toBeVisible();
    await expect(campus.consentDialog.getByTestId("consent-approve")).toBeFocused();
    await campus.page.keyboard.press("Enter");
    await campus.expectState("signed-in");
    await expect(campus.page.getByTestId("app-frame")).toBeFocused();
  });

  test("on a phone, the frame does not move when the launch begins: the launch ID's room is kept", async ({ control, browser }) => {
    void control;
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    // Hold the new launch, so that the frame is measured before its ID arrives and after.
    await page.route(`${CAMPUS_ORIGIN}/host/launches`, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${CAMPUS_ORIGIN}/?member=ada`, { waitUntil: "domcontentloaded" });
    await expect(page.getByTestId("launch-id")).toHaveText("…");
    const before = await frameBox(page);
    release();
    await expect(page.getByTestId("launch-id")).toHaveText(/^lch_/);
    // The frame is out of the layout while the app's page loads (campus.css), so it is measured once shown.
    await expect(page.getByTestId("app-loading")).toBeHidden();
    expect(await frameBox(page)).toEqual(before);
    await context.close();
  });

  test("the side panels appear with the call panel's first view, and nothing in them moves as it arrives", async ({ control, browser }) => {
    void control;
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    // Every layout shift of an element in the side column, from the first paint on.
    await page.addInitScript(() => {
      const shifts: number[] = [];
      Object.assign(window, { sideShifts: shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; sources?: { node?: Node | null }[] })[]) {
          const inSide = entry.sources?.some(({ node }) => node instanceof Element && node.closest(".side"));
          if (inSide) shifts.push(entry.value);
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    // Hold the call panel's first view, so that the page paints before it arrives.
    await page.route(`${CAMPUS_ORIGIN}/host/call?*`, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${CAMPUS_ORIGIN}/?member=ada`, { waitUntil: "domcontentloaded" });
    await expect(page.getByTestId("app-frame")).toBeVisible();
    await expect(page.getByTestId("registration-panel")).toBeHidden();
    release();
    await expect(page.getByTestId("registration-panel")).toBeVisible();
    await expect(page.getByTestId("call-panel").getByRole("button").first()).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { sideShifts: number[] }).sideShifts)).toEqual([]);
    await context.close();
  });

  test("shows a loading state in the frame area, with the frame hidden, until the app's page has loaded", async ({ control, browser }) => {
    void control;
    const context = await browser.newContext();
    const page = await context.newPage();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    // Hold the app's document, as a development server does while it compiles the first page.
    await page.route(`${APP_ORIGIN}/`, async (route) => {
      await held;
      await route.continue();
    });
    // Not until the load event: the campus page's load waits for its frame's document whenever the
    // frame is in it by then, and that document is held until the loading state has been seen.
    await page.goto(`${CAMPUS_ORIGIN}/?member=ada`, { waitUntil: "domcontentloaded" });
    const loading = page.getByTestId("app-loading");
    await expect(loading).toBeVisible();
    await expect(loading).toContainText("Loading");
    // Not displayed, not only covered: a page laid out before its stylesheet came would be seen to move.
    const frame = page.getByTestId("app-frame");
    await expect(frame).toBeHidden();
    release();
    await expect(loading).toBeHidden();
    await expect(frame).toBeVisible();
    await context.close();
  });
});
