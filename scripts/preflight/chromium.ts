import type { Host } from "./host.ts";
import { findOnPath } from "./host.ts";
import { firstUsable, fromVariable, notFound, type Found, type Lookup } from "./lookup.ts";
import { findPlaywrightBuild } from "./playwright-browsers.ts";

/**
 * Which Chromium build to drive. `headless-shell` is Chromium's headless shell: the same Blink,
 * V8 and network stack (cookies, partitions, postMessage) without the browser's windowing and UI
 * layer. Playwright itself runs headless tests in it; here it costs about half the CPU of the full
 * browser per test, and the end-to-end runs share two cores. `browser` is the full Chromium:
 * headed and debugging runs, the README's pictures and the bench, which times what a member sees.
 */
export type ChromiumKind = "browser" | "headless-shell";

const NOT_FOUND = "no Chromium or Google Chrome found";
const MAC_APPS = ["Chromium.app/Contents/MacOS/Chromium", "Google Chrome.app/Contents/MacOS/Google Chrome"];

/**
 * The Chromium to drive: `CHROMIUM_PATH` when set; else Playwright's own build; else the system's
 * (Debian's packages, Google Chrome, the macOS apps), passing over Ubuntu's snap wrappers. For
 * `headless-shell`, a headless shell from each of those first, then the full browser.
 */
export function resolveChromium(host: Host, kind: ChromiumKind): Lookup {
  const chosen = fromVariable(host, "CHROMIUM_PATH");
  if (chosen) return chosen;
  if (kind === "headless-shell") {
    const shell = findPlaywrightBuild(host, "chromium_headless_shell") ?? systemHeadlessShell(host);
    if (shell) return shell;
  }
  return findPlaywrightBuild(host, "chromium") ?? systemBrowser(host);
}

// Debian's chromium-headless-shell puts a shell script on PATH that starts this binary; launching
// the binary itself leaves no script between Playwright and the browser it stops.
const DEBIAN_HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";

function systemHeadlessShell(host: Host): Found | undefined {
  if (host.platform !== "linux") return undefined;
  return firstUsable(host, [DEBIAN_HEADLESS_SHELL, findOnPath(host, "chromium-headless-shell")]).found;
}

function systemBrowser(host: Host): Lookup {
  if (host.platform === "darwin") {
    const apps = ["/Applications", `${host.homedir}/Applications`].flatMap((dir) => MAC_APPS.map((app) => `${dir}/${app}`));
    const { found, snaps } = firstUsable(host, [...apps, findOnPath(host, "chromium")]);
    return found ?? notFound(NOT_FOUND, snaps);
  }
  const names = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"];
  const onPath = names.map((name) => findOnPath(host, name));
  const usual = names.map((name) => `/usr/bin/${name}`);
  const { found, snaps } = firstUsable(host, [...onPath, ...usual]);
  return found ?? notFound(NOT_FOUND, snaps);
}
