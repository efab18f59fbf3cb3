import { existsSync } from "node:fs";
import { findOnPath } from "./on-path";

/**
 * Which Chromium build to drive. `headless-shell` is Chromium's headless shell: the same Blink,
 * V8 and network stack (cookies, partitions, postMessage) without the browser's windowing and UI
 * layer. Playwright itself runs headless tests in it; here it costs about half the CPU of the full
 * browser per test, and the end-to-end runs share two cores. `browser` is the full Chromium:
 * headed and debugging runs, the README's pictures and the bench, which times what a member sees.
 */
export type ChromiumKind = "browser" | "headless-shell";

// Debian's chromium-headless-shell puts a shell script on PATH that starts this binary; launching
// the binary itself leaves no script between Playwright and the browser it stops.
const DEBIAN_HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";

/**
 * The Chromium to drive: `CHROMIUM_PATH` when set; else, for `headless-shell`, the headless shell
 * when it is installed (falling back to the full browser); else a system `chromium` on PATH; else
 * undefined, so that Playwright uses the browser `npx playwright install` downloaded.
 */
export function resolveChromiumPath(kind: ChromiumKind = "browser"): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH points at a missing file: ${fromEnv}`);
    return fromEnv;
  }
  if (kind === "headless-shell") {
    if (existsSync(DEBIAN_HEADLESS_SHELL)) return DEBIAN_HEADLESS_SHELL;
    return findOnPath("chromium-headless-shell") ?? resolveChromiumPath("browser");
  }
  return findOnPath("chromium", "chromium-browser");
}

/** Whether this Playwright run shows its browser: the headless shell cannot. */
export function isHeadedRun(argv: string[] = process.argv): boolean {
  return Boolean(process.env.PWDEBUG) || argv.some((arg) => arg === "--headed" || arg === "--debug" || arg.startsWith("--ui"));
}

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  // A fake camera and microphone for the call views, without a permission prompt.
  "--use-fake-device-for-media-stream",
  "--use-fake-ui-for-media-stream",
];
