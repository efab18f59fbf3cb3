import { resolveChromium, type ChromiumKind } from "../../scripts/preflight/chromium.ts";
import { thisMachine } from "../../scripts/preflight/host.ts";
import { missingError } from "../../scripts/preflight/install.ts";

export type { ChromiumKind };

/**
 * The Chromium to drive, as `npm test`'s preflight finds it (scripts/preflight/chromium.ts):
 * `CHROMIUM_PATH`, else Playwright's installed build, else the system's.
 */
export function resolveChromiumPath(kind: ChromiumKind = "browser"): string {
  const found = resolveChromium(thisMachine(), kind);
  if (found.path === undefined) throw missingError("chromium", found.why);
  return found.path;
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
