import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, resolveChromiumPath } from "../../e2e/support/chromium";
import { APP_ORIGIN, APP_SERVER, CAMPUS_API, CAMPUS_ORIGIN } from "../../e2e/support/origins";
import { percentile } from "./stats";
import { campusPresentations, controlCampus, newestAccessToken } from "./campus-control";

const SAMPLES = 1000;
/** Unmeasured rounds first, so both paths are compiled and their connections open. */
const WARM_UP = 1000;

/**
 * What the app's heartbeat route adds: the same presentation heartbeated through the app
 * (`POST /api/call/presentation/heartbeat`, session resolved from the cookie) and straight at the
 * campus (`POST /v1/apps/calls/presentations/{id}/heartbeat` with the token), interleaved, in one run.
 */
export async function measureHeartbeatLatency() {
  await controlCampus("/control/reset");
  const browser = await chromium.launch({ executablePath: resolveChromiumPath(), args: CHROMIUM_ARGS });
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await page.goto(`${CAMPUS_ORIGIN}/?member=ada`);
    await page.getByTestId("consent-dialog").waitFor();
    await controlCampus("/control/calls", { username: "ada" });
    await page.getByTestId("consent-approve").click();
    const app = page.frameLocator('[data-testid="app-frame"]');
    await app.getByTestId("call-attach").click();
    await page.getByTestId("call-approval-allow").click();
    await app.getByTestId("presentation-mode").selectOption("audioOnly");
    await app.getByTestId("presentation-start").click();
    await app.locator('[data-testid="presentation-status"][data-status="app"]').waitFor({ timeout: 20_000 });

    const launchId = (await page.getByTestId("launch-id").textContent())!.trim();
    const cookie = (await context.cookies(APP_ORIGIN)).find((c) => c.name.startsWith("__Host-app_session_"))!;
    const token = await newestAccessToken();
    const presentationId = (await campusPresentations()).find((p) => p.status === "app")!.presentationId;

    const viaApp = () =>
      fetch(`${APP_SERVER}/api/call/presentation/heartbeat`, {
        method: "POST",
        headers: { cookie: `${cookie.name}=${cookie.value}`, "x-campus-launch": launchId },
      });
    const direct = () =>
      fetch(`${CAMPUS_API}/v1/apps/calls/presentations/${presentationId}/heartbeat`, { method: "POST", headers: { authorization: `Bearer ${token}` } });

    // The floor beside it: an App Router route that does nothing (the app's health check, through
    // defineRoute) against the campus's own: what Next adds to an empty route. The heartbeat itself
    // is a Pages API route (lib/http/node-route.ts), whose own floor is lower.
    const emptyApp = () => fetch(`${APP_SERVER}/api/health`);
    const emptyCampus = () => fetch(`${CAMPUS_API}/health`);
    const paths = [viaApp, direct, emptyApp, emptyCampus];
    for (let i = 0; i < WARM_UP; i++) for (const path of paths) await time(path);
    const samples = paths.map((): number[] => []);
    for (let i = 0; i < SAMPLES; i++) for (const [index, path] of paths.entries()) samples[index]!.push(await time(path));
    const [appP50, directP50, emptyAppP50, emptyCampusP50] = samples.map((ms) => percentile(ms.sort((a, b) => a - b), 0.5)) as [number, number, number, number];
    return { samples: SAMPLES, appP50, directP50, addedP50: appP50 - directP50, ratio: appP50 / directP50, emptyAppP50, emptyCampusP50 };
  } finally {
    await browser.close();
  }
}

async function time(call: () => Promise<Response>) {
  const started = performance.now();
  const response = await call();
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`heartbeat answered ${response.status}`);
  return performance.now() - started;
}
