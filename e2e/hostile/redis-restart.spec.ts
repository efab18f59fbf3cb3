import { Redis } from "ioredis";
import { expect, test } from "../support/fixtures";
import { currentLaunchId } from "../support/activity";
import { currentSlot, originsOf } from "../support/origins";
import { sharedStoreRedisUrl } from "../support/shared-store-setup";

/*
 * The shared store restarted without persistence (docs/deploy.md: what a restart of Redis costs):
 * every session is gone, so every route answers 401 in the spec's Error shape, and the member's
 * next sign-in works at once, with no app process restarted. Only in the shared-store run, whose
 * Redis this test restarts (DEBUG RESTART: the same server process, empty).
 */

/** Whether both app processes behind the balancer answer their health check (their Redis connection is back). */
async function bothProcessesServe(slot: number) {
  const { appPort } = originsOf(slot);
  const statuses = await Promise.all(
    [appPort + 1, appPort + 2].map((port) => fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(5_000) }).then((response) => response.status, () => 0)),
  );
  return statuses.every((status) => status === 200);
}

test.describe("the shared store restarts empty", () => {
  test("every route answers 401 in the Error shape, and signing in again works at once @shared-store", async ({ control, openCampusAs }) => {
    test.skip(process.env.E2E_SHARED_STORE !== "1", "needs the shared-store run's own Redis (playwright.redis.config.ts)");
    void control;
    const slot = currentSlot()!;
    const campus = await openCampusAs("ada");
    await campus.signIn();

    // One connection per question, never retried: a DEBUG RESTART sent again after the reconnect would restart it again.
    const ask = async <T>(question: (redis: Redis) => Promise<T>): Promise<T> => {
      const redis = new Redis(sharedStoreRedisUrl(slot), { maxRetriesPerRequest: 0, retryStrategy: () => null, lazyConnect: true });
      redis.on("error", () => undefined);
      try {
        await redis.connect();
        return await question(redis);
      } finally {
        redis.disconnect();
      }
    };
    const runId = () => ask(async (redis) => /^run_id:(\w+)/m.exec(await redis.info("server"))?.[1]).catch(() => undefined);
    const before = await runId();
    expect(before).toBeDefined();
    expect(await ask((redis) => redis.dbsize())).toBeGreaterThan(0);
    await ask((redis) => redis.call("DEBUG", "RESTART")).catch(() => undefined); // the server closes the connection as it restarts
    // Back, as another run of the server: answering, with a new run_id.
    await expect.poll(async () => ((await runId()) ?? before) !== before, { timeout: 30_000 }).toBe(true);
    expect(await ask((redis) => redis.dbsize())).toBe(0);
    await expect.poll(() => bothProcessesServe(slot), { timeout: 30_000 }).toBe(true);

    const launchId = await currentLaunchId(campus);
    const answers = await campus.page.frame({ name: "app" })!.evaluate(async (launchId) => {
      const headers = { "X-Campus-Launch": launchId };
      const requests = [
        fetch("/api/me", { headers }),
        fetch("/api/call/status", { headers }),
        fetch("/api/call/grant", { headers }),
        fetch("/api/call/commands", { headers }),
        fetch("/api/activity", { headers }),
        fetch("/api/call/attach", { method: "POST", headers }),
        fetch("/api/call/presentation/heartbeat", { method: "POST", headers }),
      ];
      return Promise.all(requests.map(async (request) => {
        const response = await request;
        return { status: response.status, cacheControl: response.headers.get("cache-control"), body: await response.json() };
      }));
    }, launchId);
    for (const answer of answers) {
      expect(answer).toEqual({ status: 401, cacheControl: "private, no-store", body: { error: { code: "INVALID_TOKEN", message: expect.any(String) } } });
    }

    await campus.checkAccess();
    await campus.expectState("expired");
    await campus.app.getByTestId("sign-in").click();
    await campus.expectState("signed-in");
    await campus.app.getByTestId("check-access").click();
    await campus.expectState("signed-in");
  });
});
