import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, resolveChromiumPath } from "./e2e/support/chromium";
import { APP_ENV, CAMPUS_ENV } from "./e2e/support/local-env";
import { APP_ORIGIN, CAMPUS_ORIGIN } from "./e2e/support/origins";

const isCI = Boolean(process.env.CI);

export default defineConfig({
  testDir: "./e2e",
  // One local campus holds the state of every test (members, consents, the clock), so tests run one at a time.
  workers: 1,
  fullyParallel: false,
  forbidOnly: isCI,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: isCI ? [["list"], ["html", { open: "never" }]] : "list",
  use: {
    ...devices["Desktop Chrome"],
    viewport: { width: 1400, height: 900 },
    trace: "retain-on-failure",
    launchOptions: { executablePath: resolveChromiumPath(), args: CHROMIUM_ARGS },
  },
  webServer: [
    {
      command: "npm run campus",
      url: `http://127.0.0.1:4000/health`,
      env: CAMPUS_ENV,
      reuseExistingServer: !isCI,
      stdout: "pipe",
      timeout: 60_000,
    },
    {
      // The standalone production server: what the end-to-end tests prove is what the Dockerfile ships.
      command: "npm run build && npm run start",
      url: `http://127.0.0.1:3000/api/health`,
      // Production refuses the development secrets: the run brings its own (e2e/support/local-env.ts).
      env: APP_ENV,
      reuseExistingServer: !isCI,
      stdout: "pipe",
      timeout: 240_000,
    },
  ],
  metadata: { app: APP_ORIGIN, campus: CAMPUS_ORIGIN },
});
