import "server-only";
import type { Env } from "@/lib/env";
import type { SentinelSettings } from "@/lib/redis-sentinel-env";

/** Where the shared store is: one endpoint (REDIS_URL, a managed service's primary endpoint) or a primary found through Sentinel. */
export type RedisTarget = { url: string } | { sentinel: SentinelSettings };

/** The environment's shared store, or undefined when every store lives in this process. */
export function redisTargetOf(env: Pick<Env, "REDIS_URL" | "REDIS_SENTINEL">): RedisTarget | undefined {
  if (env.REDIS_URL) return { url: env.REDIS_URL };
  if (env.REDIS_SENTINEL) return { sentinel: env.REDIS_SENTINEL };
  return undefined;
}
