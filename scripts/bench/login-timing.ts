import { chromium, type Page } from "@playwright/test";
import { CHROMIUM_ARGS, resolveChromiumPath } from "../../e2e/support/chromium";
import { APP_ORIGIN, CAMPUS_API, CAMPUS_ORIGIN } from "../../e2e/support/origins";
import { registration } from "../../e2e/support/local-env";
import { FIRST_VIEW_STEPS } from "../../lib/client/timing/timing-marks";
import { breakdownSteps, type StepTimes } from "./breakdown";
import { percentile } from "./stats";
import { readStepTimes, waitForStepMark } from "./step-marks";

const RUNS = 20;

/** What the campus frames: the app, or the floor page standing in for it (scripts/bench/empty-next.ts). */
type Framed = { appUrl: string; appOrigin: string };

const APP: Framed = { appUrl: registration.appUrl, appOrigin: APP_ORIGIN };

/**
 * Time from the app iframe's load event to the signed-in view, measured inside the frame on its own
 * clock, and the requests the page made to its own backend after the handshake on the way there.
 * Consent is given once beforehand so that each run is the everyday path: a returning member
 * opening the app. Each run's timing marks give the breakdown: the p50 of each step's time since
 * the one before.
 *
 * With a floor page, each run of the app is followed by one of the floor in the same campus frame
 * (the campus's registration switched between them, then one sign-in unmeasured), so both see the
 * machine as it is then.
 */
export async function measureLogin(floor?: Framed) {
  await control("POST", "/control/reset", {});
  const framed = floor ? [APP, floor] : [APP];
  const browser = await chromium.launch({ executablePath: resolveChromiumPath(), args: CHROMIUM_ARGS });
  const context = await browser.newContext();
  await context.addInitScript((origins: string[]) => {
    if (!origins.includes(location.origin)) return;
    new MutationObserver((_, observer) => {
      if (document.querySelector('[data-testid="app-status"][data-state="signed-in"]')) {
        const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
        const marks = window as unknown as { signedInAfterLoadMs: number; apiRequestsBeforeSignedIn: string[] };
        marks.apiRequestsBeforeSignedIn = performance
          .getEntriesByType("resource")
          .map((entry) => new URL(entry.name).pathname)
          .filter((path) => path.startsWith("/api/"));
        marks.signedInAfterLoadMs = performance.now() - navigation.loadEventStart;
        observer.disconnect();
      }
    }).observe(document, { subtree: true, childList: true, attributes: true });
  }, framed.map((each) => each.appOrigin));
  const page = await context.newPage();
  // The campus asks for consent again when the registration's origin changes: each switch signs in
  // once, unmeasured, so every measured run is a returning member's.
  const switchTo = async (each: Framed) => {
    await frame(each);
    await page.goto(`${CAMPUS_ORIGIN}/?member=ada`);
    const signedIn = page.frameLocator('[data-testid="app-frame"]').locator('[data-testid="app-status"][data-state="signed-in"]');
    const consent = page.getByTestId("consent-approve");
    while (!(await signedIn.isVisible())) {
      if (await consent.isVisible()) await consent.click();
      await page.waitForTimeout(50);
    }
  };
  if (framed.length === 1) await switchTo(APP);

  const times = new Map<Framed, number[]>(framed.map((each) => [each, []]));
  const stepTimes = new Map<Framed, StepTimes[]>(framed.map((each) => [each, []]));
  const afterHandshake: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    for (const each of framed) {
      if (framed.length > 1) await switchTo(each);
      await page.goto(`${CAMPUS_ORIGIN}/?member=ada`);
      const appFrame = await waitForFrame(page, each.appOrigin);
      const ms = await appFrame.waitForFunction(() => (window as unknown as { signedInAfterLoadMs?: number }).signedInAfterLoadMs).then((h) => h.jsonValue());
      times.get(each)!.push(ms!);
      // The floor page marks the same steps: each step is set beside the floor's.
      await waitForStepMark(appFrame, "view rendered");
      stepTimes.get(each)!.push(await readStepTimes(appFrame, FIRST_VIEW_STEPS));
      if (each !== APP) continue;
      const requests = await appFrame.evaluate(() => (window as unknown as { apiRequestsBeforeSignedIn: string[] }).apiRequestsBeforeSignedIn);
      // The state request is part of the handshake (before `authenticate`); what follows it, up to
      // the signed-in view, is counted. Requests the signed-in view then makes are not "on the way".
      afterHandshake.push(requests.filter((path) => path !== "/api/auth/state").length);
    }
  }
  await browser.close();
  if (floor) await frame(APP);
  const app = times.get(APP)!.sort((a, b) => a - b);
  const floorTimes = floor ? times.get(floor)!.sort((a, b) => a - b) : undefined;
  return {
    runs: RUNS,
    p50Ms: percentile(app, 0.5),
    maxMs: percentile(app, 1),
    floorP50Ms: floorTimes ? percentile(floorTimes, 0.5) : undefined,
    requestsAfterHandshake: Math.max(...afterHandshake),
    breakdown: breakdownSteps(FIRST_VIEW_STEPS, stepTimes.get(APP)!),
    floorBreakdown: floor ? breakdownSteps(FIRST_VIEW_STEPS, stepTimes.get(floor)!) : undefined,
  };
}

/** Points the campus's registration at the app or the floor page: the campus frames that from its next launch. */
async function frame({ appUrl, appOrigin }: Framed) {
  await control("PUT", "/control/registration", { appUrl, appOrigin, iconUrl: new URL("/icon.svg", appOrigin).href });
}

async function control(method: "POST" | "PUT", path: string, body: unknown) {
  const response = await fetch(`${CAMPUS_API}${path}`, { method, body: JSON.stringify(body), headers: { "content-type": "application/json" } });
  if (!response.ok) throw new Error(`campus ${method} ${path} answered ${response.status}: ${await response.text()}`);
}

async function waitForFrame(page: Page, origin: string) {
  for (;;) {
    const found = page.frames().find((f) => f.url().startsWith(`${origin}/`));
    if (found) return found;
    await page.waitForTimeout(20);
  }
}
