import type { Browser, BrowserContext } from "puppeteer-core";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { CampusPage } from "./campus-page";
import { createCampusControl } from "./control";
import { launchFirefox, type FirefoxRun } from "./firefox";

const LAUNCH_TIMEOUT_MS = 90_000;

/**
 * One Firefox for a test file (fresh profile), the campus reset around each test, and members
 * opened in their own user contexts: the Chromium run's fixtures, in vitest's hooks.
 */
export function firefoxSuite(prefs: Record<string, unknown> = {}) {
  let run: FirefoxRun | undefined;
  const contexts: BrowserContext[] = [];
  const control = createCampusControl();

  beforeAll(async () => {
    run = await launchFirefox(prefs);
  }, LAUNCH_TIMEOUT_MS);
  afterAll(async () => {
    await run?.close();
  }, LAUNCH_TIMEOUT_MS);
  beforeEach(async () => {
    await control.reset();
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close().catch(() => undefined)));
    await control.reset();
  });

  const browser = (): Browser => {
    if (!run) throw new Error("Firefox is not running");
    return run.browser;
  };
  /** A fresh user context: its own cookies and storage, as another browser would have. */
  const newContext = async () => {
    const context = await browser().createBrowserContext();
    contexts.push(context);
    return context;
  };
  return {
    control,
    browser,
    newContext,
    /** Opens the campus page as a member in a fresh user context (its own cookies: its own browser). */
    openCampusAs: async (member: string) => CampusPage.open(await newContext(), member),
  };
}
