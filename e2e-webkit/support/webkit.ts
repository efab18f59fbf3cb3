import { spawn } from "node:child_process";
import { Capabilities, WebDriver } from "selenium-webdriver";
import { Executor, HttpClient } from "selenium-webdriver/http";
import { freePort } from "../../e2e/support/ports";
import { endWithThisProcess } from "../../e2e/support/process-groups";
import { thisMachine } from "../../scripts/preflight/host.ts";
import { missingError } from "../../scripts/preflight/install.ts";
import { resolveWebKit } from "../../scripts/preflight/webkit.ts";

// A session starts in about 13 s on a loaded machine; these bounds only catch one that never does.
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 10_000;
const SCREEN = "1600x1000x24";
// WebKitGTK composites its pages with OpenGL; an X server with no GPU (Xvfb) gives it Mesa's
// software renderer, which cost about two thirds of the WebKit run's CPU. Without accelerated
// compositing WebKit paints each page on the CPU directly: the same engine, cookies, frames and
// messages.
const BROWSER_ENV = { WEBKIT_DISABLE_COMPOSITING_MODE: "1" };

export type WebKitBrowser = { driver: WebDriver; close(): Promise<void> };

/**
 * One browser: WebKitWebDriver on a free loopback port under an X server of its own (xvfb-run; the
 * display given when there is no xvfb-run), as `npm test`'s preflight finds them
 * (scripts/preflight/webkit.ts), and a session that starts MiniBrowser in automation
 * mode with WebKitGTK's defaults (its cookie policy included: nothing here loosens it). The driver
 * holds one session at a time, so each member's browser has its own driver.
 */
export async function launchWebKit(): Promise<WebKitBrowser> {
  const webkit = resolveWebKit(thisMachine());
  if (webkit.path === undefined) throw missingError("webkit", webkit.why);
  const { path: driverPath, browser: browserPath, xvfbRun } = webkit;
  const port = await freePort();
  const [command, args] = xvfbRun
    ? [xvfbRun, ["-a", "-s", `-screen 0 ${SCREEN}`, driverPath, `--port=${port}`]]
    : [driverPath, [`--port=${port}`]];
  // Its own process group, so that X server, driver and browser end together, and with the worker.
  const server = spawn(command, args, { detached: true, stdio: ["ignore", "ignore", "pipe"], env: { ...process.env, ...BROWSER_ENV } });
  endWithThisProcess(server);
  let errors = "";
  server.stderr.on("data", (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-2_000)));
  const stop = async () => {
    if (!server.pid || server.exitCode !== null || server.signalCode !== null) return;
    const exited = new Promise((resolve) => server.once("exit", resolve));
    try {
      process.kill(-server.pid, "SIGTERM");
    } catch {
      return; // already gone
    }
    // A browser that ignores SIGTERM is ended after a while, so that a test never waits on it.
    const timer = setTimeout(() => {
      try {
        process.kill(-server.pid!, "SIGKILL");
      } catch {
        // already gone
      }
    }, STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  };

  try {
    const url = `http://127.0.0.1:${port}`;
    await waitForDriver(url, () => server.exitCode !== null, () => errors);
    const capabilities = new Capabilities({ "webkitgtk:browserOptions": { binary: browserPath, args: ["--automation"] } });
    const driver = WebDriver.createSession(new Executor(new HttpClient(url)), capabilities);
    await driver.getSession();
    await driver.manage().window().setRect({ x: 0, y: 0, width: 1400, height: 900 });
    return {
      driver,
      async close() {
        // Quit asks the browser to close; the process group ends whatever is left either way.
        await Promise.race([driver.quit().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, STOP_TIMEOUT_MS))]);
        await stop();
      },
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function waitForDriver(url: string, exited: () => boolean, errors: () => string) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    try {
      if ((await fetch(`${url}/status`, { signal: AbortSignal.timeout(2_000) })).ok) return;
    } catch {
      // not listening yet
    }
    if (exited()) throw new Error(`WebKitWebDriver exited before it listened:\n${errors()}`);
    if (Date.now() > deadline) throw new Error(`WebKitWebDriver did not listen within ${START_TIMEOUT_MS / 1000} s:\n${errors()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
