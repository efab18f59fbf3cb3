import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { NEEDS_REDIS, REDIS_URL, useTestRedis } from "@/lib/testing/redis";
import { RATE_LIMITS } from "@/lib/shared/app-limits";
import { createMemoryRateLimits, createRedisRateLimits, type RateLimits } from "./rate-limit";

async function spend(limits: RateLimits, key: string, times: number) {
  const outcomes: (AppError | "ok")[] = [];
  for (let i = 0; i < times; i++) outcomes.push(await limits.consume("stateByLaunch", key).then(() => "ok" as const, (error: AppError) => error));
  return outcomes;
}

function behavesAsALimit(make: () => RateLimits) {
  it("lets the budget through, then refuses with RATE_LIMITED and Retry-After", async () => {
    const outcomes = await spend(make(), "launch-a", RATE_LIMITS.stateByLaunch.points + 2);
    expect(outcomes.filter((outcome) => outcome === "ok")).toHaveLength(RATE_LIMITS.stateByLaunch.points);
    const refused = outcomes.at(-1);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: "RATE_LIMITED", status: 429 });
    expect((refused as AppError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect((refused as AppError).retryAfterSeconds).toBeLessThanOrEqual(RATE_LIMITS.stateByLaunch.durationSeconds);
  });

  it("counts each key on its own", async () => {
    const limits = make();
    await spend(limits, "launch-b", RATE_LIMITS.stateByLaunch.points);
    expect(await spend(limits, "launch-c", 1)).toEqual(["ok"]);
  });
}

describe("rate limits in memory", () => behavesAsALimit(createMemoryRateLimits));

describe.skipIf(!REDIS_URL)(`rate limits on Redis ${NEEDS_REDIS}`, () => {
  const { prefix, redis } = useTestRedis();
  behavesAsALimit(() => createRedisRateLimits(redis(), prefix));

  it("one budget across processes: two clients of one Redis share it", async () => {
    const other = redis().duplicate();
    const one = createRedisRateLimits(redis(), `${prefix}shared:`);
    const two = createRedisRateLimits(other, `${prefix}shared:`);
    const half = RATE_LIMITS.stateByLaunch.points / 2;
    await spend(one, "launch-d", half);
    await spend(two, "launch-d", half);
    expect(await spend(one, "launch-d", 1)).toEqual([expect.objectContaining({ code: "RATE_LIMITED" })]);
    await other.quit();
  });
});
