import path from "node:path";
import type { Host } from "./host.ts";
import type { Found } from "./lookup.ts";

/**
 * Playwright's own browsers (`npx playwright install`), where a harness of this suite can drive
 * them: its Chromium and Chromium's headless shell, passed to Playwright as `executablePath`.
 * Playwright's Firefox and WebKit are patched builds that speak only Playwright's own protocol:
 * neither WebDriver BiDi (the Firefox run) nor WebDriver (the WebKit run) reaches them.
 */
export type PlaywrightChromium = "chromium" | "chromium_headless_shell";

// The program inside a build's folder, for each layout Playwright has shipped (newest first):
// the Chrome for Testing folders of recent versions, then the Chromium folders of older ones.
const LAYOUTS: Record<PlaywrightChromium, Partial<Record<NodeJS.Platform, string[]>>> = {
  chromium: {
    linux: ["chrome-linux64/chrome", "chrome-linux-arm64/chrome", "chrome-linux/chrome"],
    darwin: [
      "chrome-mac-arm64/Google Chrome for Testing.app/Contents/MacOS/Google Chrome for Testing",
      "chrome-mac-x64/Google Chrome for Testing.app/Contents/MacOS/Google Chrome for Testing",
      "chrome-mac/Chromium.app/Contents/MacOS/Chromium",
    ],
  },
  chromium_headless_shell: {
    linux: ["chrome-headless-shell-linux64/chrome-headless-shell", "chrome-headless-shell-linux-arm64/chrome-headless-shell", "chrome-linux/headless_shell"],
    darwin: ["chrome-headless-shell-mac-arm64/chrome-headless-shell", "chrome-headless-shell-mac-x64/chrome-headless-shell", "chrome-mac/headless_shell"],
  },
};

export const FROM_PLAYWRIGHT = "Playwright's browsers";

/** Where `npx playwright install` puts browsers, as Playwright reads PLAYWRIGHT_BROWSERS_PATH; else the user's cache folder. */
export function playwrightBrowsersDir(host: Host): string | undefined {
  const set = host.env.PLAYWRIGHT_BROWSERS_PATH;
  // "0" keeps them inside Playwright's own package.
  if (set === "0") return path.resolve(import.meta.dirname, "../../node_modules/playwright-core/.local-browsers");
  if (set) return set;
  if (host.platform === "darwin") return path.join(host.homedir, "Library", "Caches", "ms-playwright");
  if (host.platform === "linux") return path.join(host.env.XDG_CACHE_HOME || path.join(host.homedir, ".cache"), "ms-playwright");
  return undefined;
}

/** The newest installed build of `browser` (folders `<browser>-<revision>`) this platform can run. */
export function findPlaywrightBuild(host: Host, browser: PlaywrightChromium): Found | undefined {
  const dir = playwrightBrowsersDir(host);
  const layouts = LAYOUTS[browser][host.platform];
  if (!dir || !layouts) return undefined;
  const revisions = host
    .list(dir)
    .map((name) => new RegExp(`^${browser}-(\\d+)$`).exec(name)?.[1])
    .filter((revision) => revision !== undefined)
    .map(Number)
    .sort((a, b) => b - a);
  for (const revision of revisions) {
    for (const layout of layouts) {
      const file = path.join(dir, `${browser}-${revision}`, layout);
      if (host.exists(file)) return { path: file, from: FROM_PLAYWRIGHT };
    }
  }
  return undefined;
}
