import { defineConfig } from "@playwright/test";
import baseConfig from "./playwright.config";
import { thisMachine } from "./scripts/preflight/host.ts";
import { missingError } from "./scripts/preflight/install.ts";
import { resolveRedisServer } from "./scripts/preflight/redis.ts";

/*
 * The shared-store run: the tests tagged @shared-store, with the session, call and activity stores
 * on Redis and two app processes behind a load balancer without stickiness on the app's port, so
 * consecutive requests of one member go to different processes (e2e/support/shared-store-setup.ts).
 * Needs redis-server (scripts/preflight/redis.ts finds it); it starts its own on 127.0.0.1 (port
 * 6400 + slot) without persistence, and uses no other.
 */

const redisServer = resolveRedisServer(thisMachine());
if (redisServer.path === undefined) throw missingError("redis-server", redisServer.why);

const isCI = Boolean(process.env.CI);

// Slot 70: the balancer on 3170, its two app processes on 3171 and 3172, the campus on 4170 (the next
// two slots are left free for the app processes).
process.env.E2E_SLOT_BASE = "70";

export default defineConfig({
  ...baseConfig,
  grep: /@shared-store/,
  globalSetup: "./e2e/support/shared-store-setup.ts",
  workers: 1,
  outputDir: "test-results/redis",
  reporter: isCI ? [["list"], ["html", { open: "never", outputFolder: "playwright-report/redis" }]] : "list",
});
