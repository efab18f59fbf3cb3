import { defineConfig } from "@playwright/test";
import baseConfig from "./playwright.config";

/*
 * The development run: the tests tagged @dev against `next dev`, the command the README starts
 * with. Development differs from the production build in ways the handshake feels: React
 * StrictMode runs every effect twice, and the first page compiles on demand. What breaks only
 * there (a second `ready`, which the campus reads as a reload) fails this run.
 */

const isCI = Boolean(process.env.CI);

// Slot 80: `next dev` on 3180 (it writes to .next/dev, beside the production build), the campus on 4180.
process.env.E2E_SLOT_BASE = "80";

export default defineConfig({
  ...baseConfig,
  grep: /@dev/,
  grepInvert: undefined,
  globalSetup: "./e2e/support/dev-setup.ts",
  // One `next dev`: its compiles are the run's cost, and a second server would compile everything again.
  workers: 1,
  outputDir: "test-results/dev",
  reporter: isCI ? [["list"], ["html", { open: "never", outputFolder: "playwright-report/dev" }]] : "list",
  // The first request of each page and route compiles it; the activity path compiles a dozen routes.
  timeout: 300_000,
  expect: { timeout: 60_000 },
});
