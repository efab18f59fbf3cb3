import { chromium, type Browser, type Frame, type FrameLocator, type Locator, type Page } from "@playwright/test";
import { CHROMIUM_ARGS, resolveChromiumPath } from "../../e2e/support/chromium";
import { APP_ORIGIN, CAMPUS_API, CAMPUS_ORIGIN } from "../../e2e/support/origins";
import { COMMAND_STEPS } from "../../lib/client/timing/timing-marks";
import { LIMITS } from "../../lib/contract/limits";
import { breakdownSteps, type StepTimes } from "./breakdown";
import { percentile } from "./stats";
import { frameNow, readStepTimes, watchStepMark } from "./step-marks";
import { controlCampus, newestAccessToken } from "./campus-control";

const STEADY_STATE_WINDOW_MS = 30_000;
const PRESENTING_WINDOW_MS = 30_000;
/**
 * The commands timed: two batches of fifteen. Each run sends two commands on the member's launch
 * (the app's, then the campus's own timing), and the spec allows a launch thirty a minute
 * (`commandsPerLaunchPerMinute`, a window of a minute): the second batch starts once the first
 * has left that window.
 */
const COMMAND_BATCHES = 2;
const COMMAND_RUNS_PER_BATCH = LIMITS.commandsPerLaunchPerMinute / 2;
const COMMAND_WINDOW_MS = 60_000;
/** Settles the call view after a batch: the command list's fast poll and the grant reads it caused end. */
const AFTER_COMMANDS_MS = 5_000;

type LogEntry = { id: number; path: string; username: string | null };

/** The floor of a command: the floor page (scripts/bench/empty-next.ts) framed by a second campus of its own. */
export type CommandFloor = { campusOrigin: string; campusApi: string };

/**
 * The call view at steady state: one member attached to a call with two others, the roster on
 * screen. Counts the REST requests the app's backend makes to the campus (the campus's own log)
 * over a window, times a command from its click to `applied` in the command list (and breaks it
 * down by the app frame's timing marks), then presents audio only and counts the page's requests
 * to its backend and the backend's to the campus.
 *
 * A command is timed inside the frame, from its click's mark to the mark of the commit that shows
 * it applied. With a floor, each command of the app is followed by a click on the floor page in a
 * second campus's frame (an empty route, its answer rendered) and by what the campus itself takes
 * for what the spec has the backend ask, straight at the campus with the member's token:
 * userinfo (4.2, before a protected action), the command (4.7) and its status (4.8).
 */
export async function measureCallView(floor?: CommandFloor) {
  await controlCampus("/control/reset");
  const browser = await chromium.launch({ executablePath: resolveChromiumPath(), args: CHROMIUM_ARGS });
  const page = await browser.newPage();
  await page.goto(`${CAMPUS_ORIGIN}/?member=ada`);
  await page.getByTestId("consent-dialog").waitFor();
  const { callId } = await controlCampus<{ callId: string }>("/control/calls", { username: "ada" });
  await controlCampus(`/control/calls/${callId}/members`, { simulated: true, count: 2 });
  await page.getByTestId("consent-approve").click();
  const app = page.frameLocator('[data-testid="app-frame"]');
  await app.getByTestId("call-attach").click();
  await page.getByTestId("call-approval-allow").click();
  await app.getByTestId("call-roster").waitFor();
  await page.waitForTimeout(5_000); // settle: the first grant reads and the status check are done

  const appFrame = page.frames().find((frame) => frame.url().startsWith(APP_ORIGIN));
  if (!appFrame) throw new Error(`No frame of ${APP_ORIGIN} in the campus page`);
  const floorPage = floor ? await openFloor(browser, page, floor) : undefined;
  let direct: Awaited<ReturnType<typeof directCommands>> | undefined;
  const commandSteps: StepTimes[] = [];
  const floorSteps: StepTimes[] = [];
  const campusMs: number[] = [];
  // Playback mute and unmute apply at once (no native prompt), so each click is timed to its outcome.
  const timeBatch = async () => {
    for (let run = 0; run < COMMAND_RUNS_PER_BATCH; run++) {
      commandSteps.push(await timeCommand(app, appFrame, "action-playback"));
      if (!floor || !floorPage) continue;
      floorSteps.push(await timeFloorCommand(floorPage));
      // The grant is the one the app's first command named.
      direct ??= await directCommands();
      campusMs.push(await direct.time());
    }
  };

  // The steady state is counted between batches, once the first batch's reads have ended, so
  // the wait for the launch's command window does double duty.
  let perMinute = 0;
  for (let batch = 0; batch < COMMAND_BATCHES; batch++) {
    const startedAt = Date.now();
    await timeBatch();
    await page.waitForTimeout(AFTER_COMMANDS_MS);
    if (batch === 0) {
      const before = await lastLogId();
      await page.waitForTimeout(STEADY_STATE_WINDOW_MS);
      const requests = (await logEntries()).filter((e) => e.id > before && e.username === "ada" && e.path.startsWith("/v1/")).length;
      perMinute = requests * (60_000 / STEADY_STATE_WINDOW_MS);
    }
    if (batch < COMMAND_BATCHES - 1) await page.waitForTimeout(Math.max(0, startedAt + COMMAND_WINDOW_MS + 1_000 - Date.now()));
  }
  const commandMs = clickToRendered(commandSteps);
  const floorMs = clickToRendered(floorSteps);

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
    commandRuns: commandMs.length,
    commandP50Ms: percentile(commandMs, 0.5),
    commandMaxMs: percentile(commandMs, 1),
    commandBreakdown: breakdownSteps(COMMAND_STEPS, commandSteps),
    floorCommandP50Ms: floorMs.length ? percentile(floorMs, 0.5) : undefined,
    floorBreakdown: floor ? breakdownSteps(COMMAND_STEPS, floorSteps) : undefined,
    campusCommandP50Ms: campusMs.length ? percentile(campusMs.sort((a, b) => a - b), 0.5) : undefined,
    presentingPageRequestsPerMinute: pageRequests.length * (60_000 / PRESENTING_WINDOW_MS),
    presentingCampusRequestsPerMinute: presentingCampus * (60_000 / PRESENTING_WINDOW_MS),
  };
}

/** One command of the app: its step marks, from the click to the commit that shows it applied. */
async function timeCommand(app: FrameLocator, appFrame: Frame, testId: string): Promise<StepTimes> {
  await pointAt(appFrame, app.getByTestId(testId));
  // The marks of this command are those after this instant of the frame's clock.
  const since = await frameNow(appFrame);
  const rows = app.getByTestId("command-row");
  const count = await rows.count();
  const rendered = await watchStepMark(appFrame, "rendered", since);
  await app.getByTestId(testId).click();
  await rendered();
  // The mark follows any final status: only an applied command is a time of one.
  const status = await rows.nth(count).getAttribute("data-status");
  if (status !== "applied") throw new Error(`The timed command ended "${status}", not "applied"`);
  return readStepTimes(appFrame, COMMAND_STEPS, since);
}

/**
 * The pointer on the button before the timed click, as a member's is: its hover style has
 * settled (a transition of the app's buttons) before the click, not while the command is timed.
 */
async function pointAt(frame: Frame, button: Locator): Promise<void> {
  await button.hover();
  await frame.waitForFunction(() => document.getAnimations().length === 0);
}

/** The click → rendered time of each run that marked both, sorted. */
function clickToRendered(runs: readonly StepTimes[]): number[] {
  const [click, , , rendered] = COMMAND_STEPS;
  return runs
    .flatMap((run) => (run[click] !== undefined && run[rendered] !== undefined ? [run[rendered] - run[click]] : []))
    .sort((a, b) => a - b);
}

/** The floor page in a second campus's frame, in a page of the same browser, signed in. */
async function openFloor(browser: Browser, appPage: Page, floor: CommandFloor): Promise<Frame> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${floor.campusOrigin}/?member=ada`);
  await page.getByTestId("consent-approve").click();
  const frame = page.frameLocator('[data-testid="app-frame"]');
  await frame.getByTestId("floor-command").waitFor();
  const found = page.frames().find((each) => each.url().includes("/floor"));
  if (!found) throw new Error(`No floor frame in ${floor.campusOrigin}`);
  // The app's tab is the one in front again: a hidden tab's timers are throttled.
  await appPage.bringToFront();
  return found;
}

async function timeFloorCommand(frame: Frame): Promise<StepTimes> {
  await pointAt(frame, frame.getByTestId("floor-command"));
  const since = await frameNow(frame);
  const rendered = await watchStepMark(frame, "rendered", since);
  await frame.getByTestId("floor-command").click();
  await rendered();
  return readStepTimes(frame, COMMAND_STEPS, since);
}

/**
 * The campus's own time for one command as the backend makes it, straight at the campus with the
 * member's token: userinfo, the playback command and its status, one after the other. It sets
 * playback to what it is (the app's last command), so it never changes what the app toggles.
 */
async function directCommands() {
  const token = await newestAccessToken({ username: "ada" });
  const grantPath = (await logEntries()).map((entry) => entry.path).find((path) => /^\/v1\/apps\/calls\/grants\/[^/]+\/commands\//.test(path));
  if (!grantPath) throw new Error("No command of the app in the campus log to take the grant from");
  const grantId = grantPath.split("/")[5]!;
  const bearer = { authorization: `Bearer ${token}` };
  const call = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${CAMPUS_API}${path}`, { ...init, headers: { ...bearer, ...init.headers } });
    if (!response.ok) throw new Error(`${init.method ?? "GET"} ${path} answered ${response.status}: ${await response.text()}`);
    return response.json();
  };
  return {
    async time() {
      const grant = await call(`/v1/apps/calls/grants/${grantId}`);
      const muted = Boolean(grant.media?.playbackMuted);
      const started = performance.now();
      await call("/v1/apps/userinfo");
      const { commandId } = await call(`/v1/apps/calls/grants/${grantId}/commands/playback`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ clientId: crypto.randomUUID(), muted }),
      });
      await call(`/v1/apps/calls/commands/${commandId}`);
      return performance.now() - started;
    },
  };
}

async function lastLogId() {
  return Math.max(0, ...(await logEntries()).map((e) => e.id));
}

async function logEntries(): Promise<LogEntry[]> {
  return (await (await fetch(`${CAMPUS_API}/host/log`)).json()).entries;
}
