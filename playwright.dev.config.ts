import { defineConfig } from "@playwright/test";
import baseConfig from "./playwright.config";
import { APP_SERVER, CAMPUS_API } from "./e2e/support/origins";

/*
 * The development run: the tests tagged @dev against `next dev`, the command the README starts
 * with. Development differs from the production build in ways the handshake feels: React
 * StrictMode runs every effect twice, and the first page compiles on demand. What breaks only
 * there (a second `ready`, which the campus reads as a reload) fails this run.
 */

const isCI = Boolean(process.env.CI);

export default defineConfig({
  ...baseConfig,
  grep: /@dev/,
  outputDir: "test-results/dev",
  reporter: isCI ? [["list"], ["html", { open: "never", outputFolder: "playwright-report/dev" }]] : "list",
  // The first request of each page and route compiles it; the activity path compiles a dozen routes.
  timeout: 300_000,
  expect: { timeout: 60_000 },
  webServer: [
    {
      command: "npm run campus",
      url: `${CAMPUS_API}/health`,
      reuseExistingServer: !isCI,
      stdout: "pipe",
      timeout: 60_000,
    },
    {
      command: "npx next dev --port 3000",
      url: `${APP_SERVER}/api/health`,
      reuseExistingServer: !isCI,
      stdout: "pipe",
      timeout: 180_000,
    },
  ],
});
