import { defineConfig } from "vitest/config";

/*
 * The Firefox end-to-end run: Debian's firefox-esr (or FIREFOX_PATH) driven by puppeteer-core over
 * WebDriver BiDi, against the same local campus and production app as the Chromium run. Each
 * worker has a campus and an app of its own (e2e/support/origins.ts: slots from 10 up, started by
 * the global setup), so files run side by side and the tests of a file one at a time. Each worker
 * drives a Firefox of its own: FIREFOX_WORKERS of them (2 unless set).
 */
process.env.E2E_SLOT_BASE = "10";

export default defineConfig({
  test: {
    include: ["e2e-firefox/**/*.firefox.ts"],
    environment: "node",
    globalSetup: ["e2e-firefox/support/servers.ts"],
    fileParallelism: true,
    maxWorkers: Number(process.env.FIREFOX_WORKERS || 2),
    sequence: { concurrent: false },
    // Bounds that end a test that would wait forever, with room for a busy machine (two tabs
    // signing in beside a CPU hog took 95 s).
    testTimeout: 240_000,
    hookTimeout: 90_000,
    retry: 0,
    reporters: ["verbose"],
  },
});
