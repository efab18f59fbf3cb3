import type { Need } from "./needs.ts";

/** How to install each need, by where: the lines the preflight prints for what is missing. */
export const INSTALL: Record<Need, [where: string, line: string][]> = {
  chromium: [
    ["Debian", "sudo apt-get install chromium chromium-headless-shell"],
    ["Ubuntu", "Playwright's (below), or Google Chrome's .deb from google.com/chrome: Ubuntu's chromium is a snap"],
    ["macOS", "brew install --cask google-chrome, or Google Chrome's installer from google.com/chrome"],
    ["Playwright", "npx playwright install chromium (Linux: npx playwright install --with-deps chromium)"],
    ["any", "CHROMIUM_PATH=<a Chromium or Google Chrome program>"],
  ],
  firefox: [
    ["Debian", "sudo apt-get install firefox-esr"],
    ["Ubuntu", "sudo apt-get install firefox-esr from Mozilla's APT repository (packages.mozilla.org): Ubuntu's firefox is a snap"],
    ["macOS", "brew install --cask firefox, or Firefox's installer from mozilla.org"],
    ["Playwright", "none: Playwright's Firefox speaks only Playwright's protocol, not WebDriver BiDi"],
    ["any", "FIREFOX_PATH=<a Firefox program>"],
  ],
  webkit: [
    ["Debian, Ubuntu", "sudo apt-get install webkit2gtk-driver xvfb"],
    ["macOS", "none: run the WebKit stage with npm run test:container (Docker or Podman), or on CI"],
    ["Playwright", "none: Playwright's WebKit speaks only Playwright's protocol, not WebDriver"],
    ["any Linux", "WEBKIT_DRIVER_PATH=<WebKitWebDriver> WEBKIT_BROWSER_PATH=<MiniBrowser>"],
  ],
  "redis-server": [
    ["Debian, Ubuntu", "sudo apt-get install redis-server"],
    ["macOS", "brew install redis"],
  ],
  openssl: [
    ["Debian, Ubuntu", "sudo apt-get install openssl"],
    ["macOS", "none: macOS ships /usr/bin/openssl (or brew install openssl)"],
  ],
};

/** The install lines of `need`, indented under a heading line. */
export function installLines(need: Need): string[] {
  return INSTALL[need].map(([where, line]) => `    ${where.padEnd(15)} ${line}`);
}

/** The error a harness throws when what it drives is missing: why, and how to install it. */
export function missingError(need: Need, why: string): Error {
  return new Error([`${need}: ${why}. To install:`, ...installLines(need)].join("\n"));
}
