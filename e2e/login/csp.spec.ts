import type { Browser, BrowserContext, Page } from "@playwright/test";
import { CampusPage } from "../support/campus-page";
import { expect, test } from "../support/fixtures";
import { adaAttachedWithSpeakers, present, presentationStatus } from "../support/presentation-setup";
import { EVERY_KIND } from "../activities/kinds";
import { startKind } from "../activities/kinds/kind-descriptor";

type Watched = { cspViolations: string[] };

/** A campus page whose every document (the campus, the app's frame, each tile) notes the CSP violations it reports. */
function openWatching(browser: Browser, contexts: BrowserContext[]) {
  return async (member: string) => {
    const context = await browser.newContext();
    contexts.push(context);
    await context.addInitScript(() => {
      const watched = window as unknown as Watched;
      watched.cspViolations = [];
      document.addEventListener("securitypolicyviolation", (event) => {
        watched.cspViolations.push(`${location.origin}: ${event.effectiveDirective} ${event.blockedURI || "(inline)"}`);
      });
    });
    return CampusPage.open(context, member);
  };
}

async function violationsOf(page: Page): Promise<string[]> {
  const lists = await Promise.all(page.frames().map((frame) => frame.evaluate(() => (window as unknown as Partial<Watched>).cspViolations ?? []).catch(() => [])));
  return lists.flat();
}

// Spec 5.7 and the security rules: the app's page and the campus's documents run under CSPs that
// allow no eval and no inline script; nothing the flow does may need one.
test.describe("content security policies", () => {
  const contexts: BrowserContext[] = [];
  test.afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });

  test("signing in, presenting video tiles and a shared activity break no rule of any document's policy", async ({ control, browser }) => {
    const { ada } = await adaAttachedWithSpeakers(control, openWatching(browser, contexts), 2);
    await present(ada, "video");
    await expect(presentationStatus(ada)).toHaveAttribute("data-status", "app");
    await expect(ada.app.frameLocator('[data-testid="presentation-tile"]').first().getByTestId("tile")).toHaveAttribute("data-ready", "true");
    await startKind(ada, EVERY_KIND[0]!);
    expect(await violationsOf(ada.page)).toEqual([]);
  });
});
