import { execFileSync } from "node:child_process";
import { defineConfig } from "@playwright/test";
import baseConfig from "./playwright.config";
import { APP_ENV, CAMPUS_ENV } from "./e2e/support/local-env";
import { APP_SERVER, CAMPUS_API } from "./e2e/support/origins";

/*
 * The shared-store run: the tests tagged @shared-store, with the session, call and activity stores
 * on Redis and two app processes behind a load balancer without stickiness on the app's port, so
 * consecutive requests of one member go to different processes. Needs redis-server on PATH; it
 * starts its own on loopback, without persistence.
 */

try {
  execFileSync("redis-server", ["--version"], { stdio: "ignore" });
} catch {
  throw new Error(
    "playwright.redis.config.ts needs redis-server on PATH (Debian and Ubuntu: apt-get install redis-server). " +
      "It starts its own on 127.0.0.1:6390 without persistence; nothing else is used.",
  );
}

const isCI = Boolean(process.env.CI);
const REDIS_PORT = 6390;
const REDIS_URL = `redis://127.0.0.1:${REDIS_PORT}`;
// The registered app origin's port is the balancer's; the two app processes take the next two.
const balancerPort = Number(new URL(APP_SERVER).port);
const processPorts = [balancerPort + 1, balancerPort + 2] as const;
const health = (port: number) => `http://127.0.0.1:${port}/api/health`;
// One app process: the standalone server that `npm run build` made, as the Dockerfile runs it.
const appProcess = (port: number) => ({ url: health(port), env: { ...APP_ENV, REDIS_URL, APP_HOST: "127.0.0.1", PORT: String(port) } });

export default defineConfig({
  ...baseConfig,
  grep: /@shared-store/,
  outputDir: "test-results/redis",
  reporter: isCI ? [["list"], ["html", { open: "never", outputFolder: "playwright-report/redis" }]] : "list",
  webServer: [
    {
      command: "npm run campus",
      url: `${CAMPUS_API}/health`,
      env: CAMPUS_ENV,
      reuseExistingServer: !isCI,
      stdout: "pipe",
      timeout: 60_000,
    },
    {
      command: `redis-server --port ${REDIS_PORT} --bind 127.0.0.1 --save '' --appendonly no`,
      port: REDIS_PORT,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // Started one after the other: the second process uses the first one's build.
      command: "npm run build && npm start",
      ...appProcess(processPorts[0]),
      reuseExistingServer: false,
      stdout: "pipe",
      timeout: 240_000,
    },
    {
      command: "npm start",
      ...appProcess(processPorts[1]),
      reuseExistingServer: false,
      stdout: "pipe",
      timeout: 60_000,
    },
    {
      command: "npx tsx e2e/support/round-robin-proxy.ts",
      url: `${APP_SERVER}/api/health`,
      env: { PROXY_PORT: String(balancerPort), PROXY_TARGETS: processPorts.join(",") },
      reuseExistingServer: false,
      timeout: 30_000,
    },
  ],
});
