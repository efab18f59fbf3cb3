import { defineConfig } from "vitest/config";

/*
 * The Firefox end-to-end run: Debian's firefox-esr (or FIREFOX_PATH) driven by puppeteer-core over
 * WebDriver BiDi, against the same local campus and production app as the Chromium run. One
 * campus holds the state of every test, so files and tests run one at a time.
 */
export default defineConfig({
  test: {
    include: ["e2e-firefox/**/*.firefox.ts"],
    environment: "node",
    globalSetup: ["e2e-firefox/support/servers.ts"],
    fileParallelism: false,
    sequence: { concurrent: false },
    testTimeout: 90_000,
    hookTimeout: 90_000,
    retry: 0,
    reporters: ["verbose"],
  },
});
