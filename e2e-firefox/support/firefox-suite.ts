import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext } from "puppeteer-core";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { CampusPage } from "./campus-page";
import { createCampusControl } from "./control";
import { launchFirefox, type FirefoxRun } from "./firefox";

const LAUNCH_TIMEOUT_MS = 300_000;

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
  afterEach(async ({ task }) => {
    if (task.result?.state === "fail") await keepScreenshots(contexts, task.name);
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

const SCREENSHOTS = path.resolve(import.meta.dirname, "../../test-results/firefox");

/** A failed test leaves a screenshot of each tab it opened, as the Chromium run leaves a trace. */
async function keepScreenshots(contexts: BrowserContext[], testName: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const slug = testName.replace(/[^a-z0-9]+/gi, "-").slice(0, 80);
  const pages = (await Promise.all(contexts.map((context) => context.pages()))).flat();
  for (const [index, page] of pages.entries()) {
    const file = path.join(SCREENSHOTS, `${slug}-${index + 1}.png`);
    await page.screenshot({ path: file }).then(() => console.info(`screenshot: ${path.relative(process.cwd(), file)}`), () => undefined);
  }
}
