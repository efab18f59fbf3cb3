import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { freePort } from "@/e2e/support/ports";
import { NEEDS_REDIS, REDIS_URL } from "@/lib/testing/redis";
import { asTooOldServer, startRedisProxy } from "@/lib/testing/redis-proxy";

/*
 * Next keeps a rejected register() for the life of the process and answers every request with its
 * own plain-text 500, outside the route wrapper. So the start-up check rejects for nothing
 * transient, and a start that cannot serve ends the process with its message.
 */

const PRODUCTION = {
  NODE_ENV: "production",
  CAMPUS_API_URL: "http://127.0.0.1:4000",
  CAMPUS_ORIGINS: "http://campus.localhost:4000",
  CAMPUS_CLIENT_ID: "start-test-app",
  CAMPUS_CLIENT_SECRET: "start-test-secret",
  SESSION_SECRET: "s".repeat(40),
};

async function startUp(env: Record<string, string>) {
  for (const [name, value] of Object.entries({ NEXT_RUNTIME: "nodejs", ...env })) vi.stubEnv(name, value);
  const { register } = await import("./instrumentation");
  return register();
}

beforeEach(() => vi.resetModules());
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

// Imports of the whole server side, on a loaded machine: more than vitest's default 5 s.
describe("the start-up check", { timeout: 60_000 }, () => {
  it("lets the start go on while Redis is down: the connection retries and /api/health says 503 meanwhile", async () => {
    const closedPort = await freePort();
    const url = `redis://127.0.0.1:${closedPort}`;
    await expect(startUp({ REDIS_URL: url })).resolves.toBeUndefined();
    const { getRedisClient } = await import("@/lib/redis/client");
    getRedisClient(url).disconnect();
  });

  it("in production, ends the process with the message of a bad environment", async () => {
    const exit = vi.spyOn(process, "exit").mockImplementation(() => undefined as never);
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await startUp({ ...PRODUCTION, CAMPUS_API_URL: "http://api.campus.example" });
    expect(exit).toHaveBeenCalledWith(1);
    expect(error).toHaveBeenCalledWith(expect.stringMatching(/CAMPUS_API_URL: must be https:\/\/ in production/));
  });

  it.skipIf(!REDIS_URL)(`in production, ends the process when Redis answers that it is too old ${NEEDS_REDIS}`, async () => {
    const proxy = await startRedisProxy(REDIS_URL ?? "", { rewrite: asTooOldServer });
    const exit = vi.spyOn(process, "exit").mockImplementation(() => undefined as never);
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      await startUp({ ...PRODUCTION, REDIS_URL: proxy.url });
      expect(exit).toHaveBeenCalledWith(1);
      expect(error).toHaveBeenCalledWith(expect.stringMatching(/REDIS_URL: the server runs Redis 0\.0\.\d+; this app needs 6\.2\.0 or newer/));
    } finally {
      const { getRedisClient } = await import("@/lib/redis/client");
      getRedisClient(proxy.url).disconnect();
      await proxy.close();
    }
  });
});
