import { test as base } from "@playwright/test";
import { CampusControl } from "./campus-control";
import { CampusPage } from "./campus-page";

type Fixtures = {
  control: CampusControl;
  /** Opens the campus page as a member in a fresh browser context (its own cookies: its own browser). */
  openCampusAs: (member: string) => Promise<CampusPage>;
};

export const test = base.extend<Fixtures>({
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
  openCampusAs: async ({ browser }, use) => {
    const contexts: Awaited<ReturnType<typeof browser.newContext>>[] = [];
    await use(async (member) => {
      const context = await browser.newContext();
      contexts.push(context);
      return CampusPage.open(context, member);
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
});

export { expect } from "@playwright/test";
