import "server-only";
import { getEnv } from "@/lib/env";
import { getRedisClient } from "@/lib/redis/client";
import { redisTargetOf } from "@/lib/redis/target";
import { assertRedisServing } from "@/lib/redis/health";

/**
 * Whether this process can serve requests, for a balancer's probe (GET /api/health): with
 * Redis (REDIS_URL or REDIS_SENTINELS), whether the shared store answers; without, there is nothing outside the process to ask.
 */
export async function assertCanServe(): Promise<void> {
  const redis = redisTargetOf(getEnv());
  if (redis) await assertRedisServing(getRedisClient(redis));
}
