import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

/**
 * The Chromium to drive: `CHROMIUM_PATH` when set, else a system `chromium` on PATH,
 * else undefined so that Playwright uses the browser `npx playwright install` downloaded.
 */
export function resolveChromiumPath(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH points at a missing file: ${fromEnv}`);
    return fromEnv;
  }
  for (const name of ["chromium", "chromium-browser"]) {
    try {
      const found = execFileSync("which", [name], { encoding: "utf8" }).trim();
      if (found) return found;
    } catch {
      // not on PATH; try the next name
    }
  }
  return undefined;
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
