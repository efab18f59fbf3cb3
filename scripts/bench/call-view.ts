import { chromium, type Frame, type FrameLocator, type Page } from "@playwright/test";
import { CHROMIUM_ARGS, resolveChromiumPath } from "../../e2e/support/chromium";
import { APP_ORIGIN, CAMPUS_API, CAMPUS_ORIGIN } from "../../e2e/support/origins";
import { COMMAND_STEPS } from "../../lib/client/timing/timing-marks";
import { breakdownSteps, type StepTimes } from "./breakdown";
import { percentile } from "./stats";
import { frameNow, readStepTimes, waitForStepMark } from "./step-marks";

const STEADY_STATE_WINDOW_MS = 30_000;
const COMMAND_RUNS = 9;
const PRESENTING_WINDOW_MS = 30_000;

type LogEntry = { id: number; path: string; username: string | null };

/**
 * The call view at steady state: one member attached to a call with two others, the roster on
 * screen. Counts the REST requests the app's backend makes to the campus (the campus's own log)
 * over a window, times a command from its click to `applied` in the command list (and breaks it
 * down by the app frame's timing marks), then presents audio only and counts the page's requests
 * to its backend and the backend's to the campus.
 */
export async function measureCallView() {
  await control("/control/reset", {});
  const browser = await chromium.launch({ executablePath: resolveChromiumPath(), args: CHROMIUM_ARGS });
  const page = await browser.newPage();
  await page.goto(`${CAMPUS_ORIGIN}/?member=ada`);
  await page.getByTestId("consent-dialog").waitFor();
  const { callId } = await control("/control/calls", { username: "ada" });
  await control(`/control/calls/${callId}/members`, { simulated: true, count: 2 });
  await page.getByTestId("consent-approve").click();
  const app = page.frameLocator('[data-testid="app-frame"]');
  await app.getByTestId("call-attach").click();
  await page.getByTestId("call-approval-allow").click();
  await app.getByTestId("call-roster").waitFor();
  await page.waitForTimeout(5_000); // settle: the first grant reads and the status check are done

  const before = await lastLogId();
  await page.waitForTimeout(STEADY_STATE_WINDOW_MS);
  const requests = (await logEntries()).filter((e) => e.id > before && e.username === "ada" && e.path.startsWith("/v1/")).length;
  const perMinute = requests * (60_000 / STEADY_STATE_WINDOW_MS);

  const commandMs: number[] = [];
  const commandSteps: StepTimes[] = [];
  const appFrame = page.frames().find((frame) => frame.url().startsWith(APP_ORIGIN));
  if (!appFrame) throw new Error(`No frame of ${APP_ORIGIN} in the campus page`);
  // Playback mute and unmute apply at once (no native prompt), so each click is timed to its outcome.
  for (let run = 0; run < COMMAND_RUNS; run++) {
    const { elapsed, steps } = await timeCommand(page, app, appFrame, "action-playback");
    commandMs.push(elapsed);
    commandSteps.push(steps);
  }
  commandMs.sort((a, b) => a - b);

  // Presenting (audio only): the page's requests to its backend, and the backend's to the campus.
  await app.getByTestId("presentation-mode").selectOption("audioOnly");
  await app.getByTestId("presentation-start").click();
  await app.locator('[data-testid="presentation-status"][data-status="app"]').waitFor({ timeout: 20_000 });
  await page.waitForTimeout(6_000);
  const pageRequests: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/api/")) pageRequests.push(request.url());
  });
  const beforePresenting = await lastLogId();
  await page.waitForTimeout(PRESENTING_WINDOW_MS);
  const presentingCampus = (await logEntries()).filter((e) => e.id > beforePresenting && e.username === "ada" && e.path.startsWith("/v1/")).length;
  await browser.close();
  return {
    requestsPerMinute: perMinute,
    commandP50Ms: percentile(commandMs, 0.5),
    commandMaxMs: percentile(commandMs, 1),
    commandBreakdown: breakdownSteps(COMMAND_STEPS, commandSteps),
    presentingPageRequestsPerMinute: pageRequests.length * (60_000 / PRESENTING_WINDOW_MS),
    presentingCampusRequestsPerMinute: presentingCampus * (60_000 / PRESENTING_WINDOW_MS),
  };
}

async function timeCommand(page: Page, app: FrameLocator, appFrame: Frame, testId: string) {
  const rows = app.getByTestId("command-row");
  const count = await rows.count();
  // The marks of this command are those after this instant of the frame's clock.
  const since = await frameNow(appFrame);
  const started = Date.now();
  await app.getByTestId(testId).click();
  await rows.nth(count).and(app.locator('[data-status="applied"]')).waitFor();
  const elapsed = Date.now() - started;
  await page.waitForTimeout(200);
  await waitForStepMark(appFrame, "rendered", since);
  return { elapsed, steps: await readStepTimes(appFrame, COMMAND_STEPS, since) };
}

async function lastLogId() {
  return Math.max(0, ...(await logEntries()).map((e) => e.id));
}

async function logEntries(): Promise<LogEntry[]> {
  return (await (await fetch(`${CAMPUS_API}/host/log`)).json()).entries;
}

async function control(path: string, body: unknown) {
  const response = await fetch(`${CAMPUS_API}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}
