import "server-only";
import { getEnv } from "@/lib/env";
import { getRedisClient } from "@/lib/redis/client";
import { assertRedisServing } from "@/lib/redis/health";

/**
 * Whether this process can serve requests, for a balancer's probe (GET /api/health): with
 * REDIS_URL, whether the shared store answers; without, there is nothing outside the process to ask.
 */
export async function assertCanServe(): Promise<void> {
  const redisUrl = getEnv().REDIS_URL;
  if (redisUrl) await assertRedisServing(getRedisClient(redisUrl));
}
