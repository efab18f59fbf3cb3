import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach } from "vitest";
import { createCampusControl } from "../../e2e-firefox/support/control";
import { recordAppRequests, type AppTraffic } from "./app-traffic";
import { WebKitCampusPage } from "./campus-page";
import { Tab } from "./frame-reads";
import { launchWebKit, type WebKitBrowser } from "./webkit";

/**
 * The campus reset around each test, and each member in a WebKit browser of their own (its own
 * cookies and storage), closed after the test: the Firefox run's firefoxSuite, where a WebKit
 * driver holds one session and so one browser. `traffic` is the test's app traffic, from its start.
 */
export function webkitSuite() {
  const control = createCampusControl();
  const browsers: WebKitBrowser[] = [];
  let traffic: AppTraffic | undefined;

  beforeEach(async () => {
    await control.reset();
    traffic = recordAppRequests();
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === "fail") await keepScreenshots(browsers, task.name);
    await Promise.all(browsers.splice(0).map((browser) => browser.close()));
    await control.reset();
  });

  const currentTraffic = (): AppTraffic => {
    if (!traffic) throw new Error("The app's traffic is recorded from each test's start");
    return traffic;
  };
  return {
    control,
    traffic: currentTraffic,
    /** Opens the campus page as a member in a browser of their own. */
    openCampusAs: async (member: string) => {
      const browser = await launchWebKit();
      browsers.push(browser);
      const campus = new WebKitCampusPage(new Tab(browser.driver), currentTraffic());
      await campus.goto(member);
      return campus;
    },
  };
}

const SCREENSHOTS = path.resolve(import.meta.dirname, "../../test-results/webkit");

/** A failed test leaves a screenshot of each browser it opened, as the Chromium run leaves a trace. */
async function keepScreenshots(browsers: WebKitBrowser[], testName: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const slug = testName.replace(/[^a-z0-9]+/gi, "-").slice(0, 80);
  for (const [index, browser] of browsers.entries()) {
    const file = path.join(SCREENSHOTS, `${slug}-${index + 1}.png`);
    await browser.driver
      .takeScreenshot()
      .then((png) => {
        writeFileSync(file, png, "base64");
        console.info(`screenshot: ${path.relative(process.cwd(), file)}`);
      })
      .catch(() => undefined);
  }
}
