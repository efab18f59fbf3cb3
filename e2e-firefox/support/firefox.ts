import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import puppeteer, { type Browser } from "puppeteer-core";
import { resolveFirefox } from "../../scripts/preflight/firefox.ts";
import { thisMachine } from "../../scripts/preflight/host.ts";
import { missingError } from "../../scripts/preflight/install.ts";

/** The Firefox to drive, as `npm test`'s preflight finds it (scripts/preflight/firefox.ts). */
export function resolveFirefoxPath(): string {
  const found = resolveFirefox(thisMachine());
  if (found.path === undefined) throw missingError("firefox", found.why);
  return found.path;
}

/**
 * Firefox's own defaults stay: Total Cookie Protection and site isolation (Fission), as users
 * have them. `puppeteer.launch` would write a profile that accepts all cookies and puts all web
 * content in one process, so Firefox is started here and puppeteer connects to it. The remote
 * agent adds its recommended automation preferences itself (`remote.prefs.recommended`).
 */
const BASE_PREFS: Record<string, unknown> = {
  "remote.active-protocols": 1, // WebDriver BiDi only
  // Site isolation as shipped, stated so a changed default cannot turn it off unseen:
  // each site in its own process, the app's cross-site iframe included.
  "fission.autostart": true,
  "fission.webContentIsolationStrategy": 1,
  "browser.shell.checkDefaultBrowser": false,
  "browser.startup.homepage_override.mstone": "ignore",
  "datareporting.policy.dataSubmissionEnabled": false,
  "app.update.disabledForTesting": true,
  // No calls home from a machine that may have no network.
  "network.captive-portal-service.enabled": false,
  "network.connectivity-service.enabled": false,
  // A fake camera and microphone for the call views, without a permission prompt.
  "media.navigator.streams.fake": true,
  "media.navigator.permission.disabled": true,
  // Reduced motion, as the Chromium run asks for it (playwright.config.ts).
  "ui.prefersReducedMotion": 1,
};

/** Third-party cookies rejected: the iframe gets no cookies at all, as in Safari. */
export const REJECT_THIRD_PARTY_COOKIES: Record<string, unknown> = { "network.cookie.cookieBehavior": 1 };

const BIDI_ENDPOINT = /WebDriver BiDi listening on (ws:\/\/\S+)/;
// A busy machine can take minutes to start Firefox; the bound only catches one that never listens.
const START_TIMEOUT_MS = 150_000;

export type FirefoxRun = { browser: Browser; close(): Promise<void> };

/** Starts Firefox headless with a fresh profile and connects over WebDriver BiDi; close removes both. */
export async function launchFirefox(prefs: Record<string, unknown> = {}): Promise<FirefoxRun> {
  const profile = mkdtempSync(path.join(tmpdir(), "firefox-e2e-"));
  const lines = Object.entries({ ...BASE_PREFS, ...prefs }).map(([name, value]) => `user_pref(${JSON.stringify(name)}, ${JSON.stringify(value)});`);
  writeFileSync(path.join(profile, "user.js"), `${lines.join("\n")}\n`);

  const firefox = spawn(resolveFirefoxPath(), ["--headless", "--no-remote", "--profile", profile, "--remote-debugging-port=0", "about:blank"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  const endpoint = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("Firefox did not open its WebDriver BiDi port in time")), START_TIMEOUT_MS);
    createInterface({ input: firefox.stderr }).on("line", (line) => {
      const found = BIDI_ENDPOINT.exec(line);
      if (found) {
        clearTimeout(timer);
        resolve(found[1]!);
      }
    });
    firefox.once("exit", (code) => reject(new Error(`Firefox exited with ${code} before it listened`)));
  });
  const browser = await puppeteer.connect({
    browserWSEndpoint: `${endpoint}/session`,
    protocol: "webDriverBiDi",
    defaultViewport: { width: 1400, height: 900 },
  });
  return {
    browser,
    async close() {
      await browser.close().catch(() => undefined);
      if (firefox.exitCode === null) {
        const exited = new Promise((resolve) => firefox.once("exit", resolve));
        firefox.kill();
        await exited;
      }
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
