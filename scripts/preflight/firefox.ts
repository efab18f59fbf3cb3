import type { Host } from "./host.ts";
import { findOnPath } from "./host.ts";
import { firstUsable, fromVariable, notFound, type Lookup } from "./lookup.ts";

/**
 * The Firefox to drive over WebDriver BiDi: `FIREFOX_PATH` when set, else the system's (Firefox ESR
 * or Firefox on PATH or where Debian and Mozilla's own installers put it, the macOS app), passing
 * over Ubuntu's snap wrapper. Playwright's Firefox is a patched build that speaks only Playwright's
 * own protocol, so it is never used.
 */
export function resolveFirefox(host: Host): Lookup {
  const chosen = fromVariable(host, "FIREFOX_PATH");
  if (chosen) return chosen;
  const candidates =
    host.platform === "darwin"
      ? ["/Applications", `${host.homedir}/Applications`].map((dir) => `${dir}/Firefox.app/Contents/MacOS/firefox`).concat(findOnPath(host, "firefox") ?? [])
      : [findOnPath(host, "firefox-esr"), findOnPath(host, "firefox"), "/usr/bin/firefox-esr", "/usr/bin/firefox", "/opt/firefox/firefox"];
  const { found, snaps } = firstUsable(host, candidates);
  return found ?? notFound("no Firefox found", snaps);
}
