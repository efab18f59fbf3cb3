import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, isHeadedRun, resolveChromiumPath } from "./e2e/support/chromium";
import { workersFromEnv } from "./e2e/support/slots";

const isCI = Boolean(process.env.CI);

// Each worker has a local campus and a production app server of its own (e2e/support/origins.ts):
// slot N is the app on 3100 + N and the campus on 4100 + N, started by the global setup.
process.env.E2E_SLOT_BASE = "0";

export default defineConfig({
  testDir: "./e2e",
  globalSetup: "./e2e/support/global-setup.ts",
  // A campus per worker holds the state of that worker's tests (members, consents, the clock), and
  // each test resets it: any test may run in any worker, in any order.
  workers: workersFromEnv("E2E_WORKERS", 3),
  fullyParallel: true,
  // Tests of what only the development server does (its own names): the dev run takes them.
  grepInvert: /@dev-only/,
  forbidOnly: isCI,
  // A failed test runs once more, recording its trace (recording one for every test would cost
  // about half of the run's CPU: screencast frames and snapshots of each step). A test that
  // passes only the second time is flaky, and a flaky test fails the run all the same.
  retries: 1,
  failOnFlakyTests: true,
  // Workers share the cores: a step waits longer for its page than in a run of one test at a time,
  // and a CI runner or a busy machine is slower still (a first app load beside the other runs can
  // take 20 s). Tests wait for conditions; these bounds only end a wait that would never end.
  timeout: 240_000,
  expect: { timeout: 60_000 },
  // Folders of its own: the other runs, beside it in `npm test`, write to test-results/ and playwright-report/ too.
  outputDir: "test-results/chromium",
  reporter: isCI ? [["list"], ["html", { open: "never", outputFolder: "playwright-report/chromium" }]] : "list",
  use: {
    ...devices["Desktop Chrome"],
    viewport: { width: 1400, height: 900 },
    // As a member may ask: the app's pulses stand still (e2e/a11y/motion.spec.ts). Each moving
    // pulse made the browser repaint its page every frame, a fifth of a core per waiting page.
    reducedMotion: "reduce",
    trace: "on-first-retry",
    // Headless runs drive Chromium's headless shell when it is installed (e2e/support/chromium.ts).
    launchOptions: { executablePath: resolveChromiumPath(isHeadedRun() ? "browser" : "headless-shell"), args: CHROMIUM_ARGS },
  },
});
