import { spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { Capabilities, WebDriver } from "selenium-webdriver";
import { Executor, HttpClient } from "selenium-webdriver/http";
import { findOnPath } from "../../e2e/support/on-path";
import { freePort } from "../../e2e/support/ports";

type Env = Record<string, string | undefined>;

/** WebKitGTK's WebDriver server (classic W3C WebDriver): `WEBKIT_DRIVER_PATH` when set, else WebKitWebDriver on PATH. */
export function resolveDriverPath(env: Env = process.env, find: (name: string) => string | undefined = findOnPath): string {
  if (env.WEBKIT_DRIVER_PATH) {
    if (!existsSync(env.WEBKIT_DRIVER_PATH)) throw new Error(`WEBKIT_DRIVER_PATH points at a missing file: ${env.WEBKIT_DRIVER_PATH}`);
    return env.WEBKIT_DRIVER_PATH;
  }
  const found = find("WebKitWebDriver");
  if (!found) throw new Error("No WebKitWebDriver found: install webkit2gtk-driver (Debian, Ubuntu) or set WEBKIT_DRIVER_PATH");
  return found;
}

/** Where distributions put WebKitGTK's helper programs: Debian's multiarch libdirs, Fedora's libexec, Arch's lib. */
export const LIBDIRS = ["/usr/lib", "/usr/lib64", "/usr/libexec", "/usr/local/lib", "/usr/local/libexec"];

/**
 * The browser the driver starts: `WEBKIT_BROWSER_PATH` when set, else WebKitGTK's MiniBrowser in
 * a `webkit2gtk-*` or `webkitgtk-*` folder of the usual libdirs (one level of multiarch folders
 * below them too). It ships with the WebKitGTK library the driver's package depends on.
 */
export function resolveBrowserPath(env: Env = process.env, libdirs = LIBDIRS): string {
  if (env.WEBKIT_BROWSER_PATH) {
    if (!existsSync(env.WEBKIT_BROWSER_PATH)) throw new Error(`WEBKIT_BROWSER_PATH points at a missing file: ${env.WEBKIT_BROWSER_PATH}`);
    return env.WEBKIT_BROWSER_PATH;
  }
  const isWebKitDir = (name: string) => /^webkit2?gtk-/.test(name);
  const candidates: string[] = [];
  for (const libdir of libdirs) {
    for (const name of entries(libdir)) {
      if (isWebKitDir(name)) candidates.push(path.join(libdir, name, "MiniBrowser"));
      else if (name.endsWith("-linux-gnu")) candidates.push(...entries(path.join(libdir, name)).filter(isWebKitDir).map((dir) => path.join(libdir, name, dir, "MiniBrowser")));
    }
  }
  const found = candidates.filter((file) => existsSync(file)).sort().reverse()[0];
  if (!found) throw new Error(`No WebKitGTK MiniBrowser found in ${libdirs.join(", ")}: install webkit2gtk-driver (Debian, Ubuntu) or set WEBKIT_BROWSER_PATH`);
  return found;
}

function entries(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

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
 * display given when there is no xvfb-run), and a session that starts MiniBrowser in automation
 * mode with WebKitGTK's defaults (its cookie policy included: nothing here loosens it). The driver
 * holds one session at a time, so each member's browser has its own driver.
 */
export async function launchWebKit(): Promise<WebKitBrowser> {
  const driverPath = resolveDriverPath();
  const browserPath = resolveBrowserPath();
  const port = await freePort();
  const xvfbRun = findOnPath("xvfb-run");
  if (!xvfbRun && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) throw new Error("WebKit needs a display: install xvfb (xvfb-run) or run under one");
  const [command, args] = xvfbRun
    ? [xvfbRun, ["-a", "-s", `-screen 0 ${SCREEN}`, driverPath, `--port=${port}`]]
    : [driverPath, [`--port=${port}`]];
  // Its own process group, so that X server, driver and browser end together.
  const server = spawn(command, args, { detached: true, stdio: ["ignore", "ignore", "pipe"], env: { ...process.env, ...BROWSER_ENV } });
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
