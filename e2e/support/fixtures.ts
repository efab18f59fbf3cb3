import { test as base } from "@playwright/test";
import { CampusControl } from "./campus-control";
import { CampusPage } from "./campus-page";

type Fixtures = {
  /**
   * Install Playwright's clock in every browser the test opens: time flows as usual, and
   * `page.clock.fastForward(ms)` brings the pages' next timers (a poll, a heartbeat) forward
   * instead of the test waiting for them. The campus and the app servers keep real time.
   */
  browserClock: boolean;
  control: CampusControl;
  /** Opens the campus page as a member in a fresh browser context (its own cookies: its own browser). */
  openCampusAs: (member: string) => Promise<CampusPage>;
};

export const test = base.extend<Fixtures>({
  browserClock: [false, { option: true }],
  control: async ({ playwright }, use) => {
    // A connection per control call: the campus closes an idle kept-alive socket after five
    // seconds, and a call sent on it at that very moment would fail with ECONNRESET.
    const request = await playwright.request.newContext({ extraHTTPHeaders: { connection: "close" } });
    const control = new CampusControl(request);
    await control.reset();
    await use(control);
    await control.reset();
    await request.dispose();
  },
  openCampusAs: async ({ browser, browserClock }, use) => {
    const contexts: Awaited<ReturnType<typeof browser.newContext>>[] = [];
    await use(async (member) => {
      const context = await browser.newContext();
      contexts.push(context);
      if (browserClock) await context.clock.install();
      return CampusPage.open(context, member);
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
});

export { expect } from "@playwright/test";
