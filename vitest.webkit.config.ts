import { defineConfig } from "vitest/config";
import { workersFromEnv } from "./e2e/support/slots.ts";

/*
 * The WebKit end-to-end run: WebKitGTK's MiniBrowser (the Safari engine) driven by
 * selenium-webdriver over WebDriver (classic) through WebKitWebDriver, against the same local
 * campus and production app as the other runs (docs/testing.md, "Running the WebKit run alone").
 * Each worker has a campus and an app of its own (slots from 91 up: slot 90 would put the campus
 * on 4190, a port browsers refuse), started by the global setup; files run side by side and the
 * tests of a file one at a time. One worker unless E2E_WEBKIT_WORKERS says more: each member is a
 * browser of its own.
 */
process.env.E2E_SLOT_BASE = "91";

export default defineConfig({
  test: {
    include: ["e2e-webkit/**/*.webkit.ts"],
    environment: "node",
    globalSetup: ["e2e-webkit/support/servers.ts"],
    fileParallelism: true,
    maxWorkers: workersFromEnv("E2E_WEBKIT_WORKERS", 1),
    sequence: { concurrent: false },
    // Bounds that end a test that would wait forever, with room for a busy machine (a WebKit
    // session takes about 13 s to start there, and a test may start two).
    testTimeout: 240_000,
    hookTimeout: 90_000,
    retry: 0,
    reporters: ["verbose"],
  },
});
