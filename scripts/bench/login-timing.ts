import { chromium, type ConsoleMessage, type Page } from "@playwright/test";
import { CHROMIUM_ARGS, resolveChromiumPath } from "../../e2e/support/chromium";
import { APP_ORIGIN, CAMPUS_ORIGIN } from "../../e2e/support/origins";
import { registration } from "../../e2e/support/local-env";
import { FIRST_VIEW_STEPS, markName } from "../../lib/client/timing/timing-marks";
import { breakdownSteps, type StepTimes } from "./breakdown";
import { controlCampus, frameIn, type Framed } from "./campus-control";
import { percentile } from "./stats";
import { stepTimesOf, type FrameMarks } from "./step-marks";

/**
 * A load's time spreads widely (the floor's from 50 to 70 ms on one machine), so the p50 of thirty
 * runs moved the ratio by about 0.04 from one run of the bench to the next with the same code,
 * mostly through the floor's p50. Sixty narrow that by about a third, for a minute more.
 */
const RUNS = 60;

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
 * machine as it is then; and by one of the second floor page given, timed alone (information).
 */
export async function measureLogin(floor?: Framed, second?: Framed) {
  await controlCampus("/control/reset");
  const framed = [APP, ...(floor ? [floor] : []), ...(floor && second ? [second] : [])];
  const browser = await chromium.launch({ executablePath: resolveChromiumPath(), args: CHROMIUM_ARGS });
  const context = await browser.newContext();
  // The frame reports its own figures, on a console line: nothing of Playwright's runs in it while
  // it loads. Waiting in the frame would evaluate Playwright's injected script there (a task of
  // about 10 ms) and poll it every animation frame, inside the very steps being timed, and landing
  // in one page's steps more than the other's as their load events fall.
  await context.addInitScript(reportFirstView, {
    origins: framed.map((each) => each.appOrigin),
    lastMark: markName(FIRST_VIEW_STEPS.at(-1)!),
    prefix: REPORT_PREFIX,
    lastMarkTimeoutMs: LAST_MARK_TIMEOUT_MS,
  });
  const page = await context.newPage();
  // The campus asks for consent again when the registration's origin changes: each switch signs in
  // once, unmeasured, so every measured run is a returning member's.
  // Each load's report is awaited by the step that loaded it, so that a late one is never taken
  // for the next load's.
  const switchTo = async (each: Framed) => {
    await frameIn(each);
    const reported = nextReport(page, each.appOrigin);
    await page.goto(`${CAMPUS_ORIGIN}/?member=ada`);
    const signedIn = page.frameLocator('[data-testid="app-frame"]').locator('[data-testid="app-status"][data-state="signed-in"]');
    const consent = page.getByTestId("consent-approve");
    while (!(await signedIn.isVisible())) {
      if (await consent.isVisible()) await consent.click();
      await page.waitForTimeout(50);
    }
    await reported;
  };
  if (framed.length === 1) await switchTo(APP);

  const times = new Map<Framed, number[]>(framed.map((each) => [each, []]));
  const fromStart = new Map<Framed, number[]>(framed.map((each) => [each, []]));
  const stepTimes = new Map<Framed, StepTimes[]>(framed.map((each) => [each, []]));
  const afterHandshake: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    for (const each of framed) {
      if (framed.length > 1) await switchTo(each);
      const reported = nextReport(page, each.appOrigin);
      await page.goto(`${CAMPUS_ORIGIN}/?member=ada`);
      const report = await reported;
      times.get(each)!.push(report.signedInAfterLoadMs);
      fromStart.get(each)!.push(report.signedInAfterStartMs);
      // The floor page marks the same steps: each step is set beside the floor's.
      stepTimes.get(each)!.push(stepTimesOf(report, FIRST_VIEW_STEPS));
      if (each !== APP) continue;
      // The state request is part of the handshake (before `authenticate`); what follows it, up to
      // the signed-in view, is counted. Requests the signed-in view then makes are not "on the way".
      afterHandshake.push(report.apiRequestsBeforeSignedIn.filter((path) => path !== "/api/auth/state").length);
    }
  }
  await browser.close();
  if (floor) await frameIn(APP);
  const app = times.get(APP)!.sort((a, b) => a - b);
  const p50Of = (each: Framed | undefined, of = times) => {
    const sorted = each && of.get(each)?.sort((a, b) => a - b);
    return sorted ? percentile(sorted, 0.5) : undefined;
  };
  return {
    runs: RUNS,
    p50Ms: percentile(app, 0.5),
    maxMs: percentile(app, 1),
    floorP50Ms: p50Of(floor),
    secondP50Ms: p50Of(second),
    fromStartP50Ms: p50Of(APP, fromStart)!,
    floorFromStartP50Ms: p50Of(floor, fromStart),
    requestsAfterHandshake: Math.max(...afterHandshake),
    breakdown: breakdownSteps(FIRST_VIEW_STEPS, stepTimes.get(APP)!),
    floorBreakdown: floor ? breakdownSteps(FIRST_VIEW_STEPS, stepTimes.get(floor)!) : undefined,
  };
}

/** The console line a framed page reports on: this prefix, then the report as JSON. */
const REPORT_PREFIX = "hosted-app-bench:first-view ";

/** How long the last step's mark may follow the signed-in view (an effect marks it just after). */
const LAST_MARK_TIMEOUT_MS = 5_000;

type FirstViewReport = FrameMarks & { origin: string; signedInAfterLoadMs: number; signedInAfterStartMs: number; apiRequestsBeforeSignedIn: string[] };

type ReportOptions = { origins: string[]; lastMark: string; prefix: string; lastMarkTimeoutMs: number };

/**
 * Runs in every frame before its scripts (an init script: it must stand alone). In the measured
 * frames it times the signed-in view from the load event, lists the page's requests to its own API
 * up to then, and, once the last step is marked (or given up on), reports them with its load event
 * and its marks (step-marks.ts FrameMarks) on one console line.
 */
function reportFirstView({ origins, lastMark, prefix, lastMarkTimeoutMs }: ReportOptions) {
  if (!origins.includes(location.origin)) return;
  new MutationObserver((_, observer) => {
    if (!document.querySelector('[data-testid="app-status"][data-state="signed-in"]')) return;
    observer.disconnect();
    const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    // A method, not a function bound to a name: the bench runs under tsx, whose compiler wraps such
    // functions in a helper (__name) that the page does not have.
    const run = {
      signedInAfterLoadMs: performance.now() - navigation.loadEventStart,
      // From the frame's navigation: work a page moves before its load event shows here.
      signedInAfterStartMs: performance.now(),
      apiRequestsBeforeSignedIn: performance
        .getEntriesByType("resource")
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => path.startsWith("/api/")),
      sent: false,
      send() {
        if (this.sent) return;
        this.sent = true;
        const marks = performance.getEntriesByType("mark").map((entry) => [entry.name, entry.startTime]);
        const { signedInAfterLoadMs, signedInAfterStartMs, apiRequestsBeforeSignedIn } = this;
        const report = { origin: location.origin, signedInAfterLoadMs, signedInAfterStartMs, apiRequestsBeforeSignedIn, loadEventStart: navigation.loadEventStart, marks };
        console.debug(prefix + JSON.stringify(report));
      },
    };
    if (performance.getEntriesByName(lastMark, "mark").length > 0) return run.send();
    // A mark that never comes is a missing step, not a lost run.
    setTimeout(() => run.send(), lastMarkTimeoutMs);
    new PerformanceObserver((list, marks) => {
      if (list.getEntriesByName(lastMark, "mark").length === 0) return;
      marks.disconnect();
      run.send();
    }).observe({ type: "mark" });
  }).observe(document, { subtree: true, childList: true, attributes: true });
}

/** The next report of a frame of `origin`: listen before the navigation that loads it. */
function nextReport(page: Page, origin: string): Promise<FirstViewReport> {
  return new Promise((resolve) => {
    const onConsole = (message: ConsoleMessage) => {
      if (!message.text().startsWith(REPORT_PREFIX)) return;
      const report = JSON.parse(message.text().slice(REPORT_PREFIX.length)) as FirstViewReport;
      if (report.origin !== origin) return;
      page.off("console", onConsole);
      resolve(report);
    };
    page.on("console", onConsole);
  });
}
