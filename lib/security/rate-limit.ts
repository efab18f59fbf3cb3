import "server-only";
import type { Redis } from "ioredis";
import { RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import { getEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { getRedisClient } from "@/lib/redis/client";
import { redisTargetOf } from "@/lib/redis/target";
import { RATE_LIMITS, type RateLimitName } from "@/lib/shared/app-limits";
import { createMemoryWindows } from "./memory-windows";

/**
 * The rate limits of lib/shared/app-limits.ts: in this process without REDIS_URL (memory-windows.ts
 * says why not rate-limiter-flexible's memory store), on the shared Redis with rate-limiter-flexible
 * with it (one budget across every app process).
 */
export interface RateLimits {
  /** Counts one request of `key` against the limit; over it, throws RATE_LIMITED with Retry-After. */
  consume(name: RateLimitName, key: string): Promise<void>;
}

/** Counts one request of `key`; over the limit, the ms until its window ends, else undefined. */
type Limiter = (key: string) => Promise<number | undefined>;

function createRateLimits(makeLimiter: (name: RateLimitName) => Limiter): RateLimits {
  const limiters = Object.fromEntries(Object.keys(RATE_LIMITS).map((name) => [name, makeLimiter(name as RateLimitName)])) as Record<RateLimitName, Limiter>;
  return {
    async consume(name, key) {
      const msBeforeNext = await limiters[name](key);
      if (msBeforeNext === undefined) return;
      const retryAfterSeconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
      throw new AppError("RATE_LIMITED", `Too many requests; try again in ${retryAfterSeconds} s`, { retryAfterSeconds });
    },
  };
}

export function createMemoryRateLimits(options: { now?: () => number } = {}): RateLimits {
  return createRateLimits((name) => {
    const windows = createMemoryWindows(RATE_LIMITS[name], options.now);
    return async (key) => windows.consume(key);
  });
}

/** Keys `{prefix}rate:{name}:{key}`, each with the window's TTL (INCR and PEXPIRE in one script). */
export function createRedisRateLimits(redis: Redis, prefix = "app:"): RateLimits {
  return createRateLimits((name) => {
    const limiter = new RateLimiterRedis({ points: RATE_LIMITS[name].points, duration: RATE_LIMITS[name].durationSeconds, storeClient: redis, keyPrefix: `${prefix}rate:${name}` });
    return async (key) => {
      try {
        await limiter.consume(key);
        return undefined;
      } catch (rejection) {
        // A store failure (Redis down) is an Error and goes on as one: a 503, not a free pass.
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        return rejection.msBeforeNext;
      }
    };
  });
}

// Kept on globalThis so that every route bundle, and a module reload in development, share one budget.
const holder = globalThis as typeof globalThis & { __rateLimits?: RateLimits };

export function getRateLimits(): RateLimits {
  const env = getEnv();
  const redis = redisTargetOf(env);
  holder.__rateLimits ??= redis ? createRedisRateLimits(getRedisClient(redis), env.REDIS_KEY_PREFIX) : createMemoryRateLimits();
  return holder.__rateLimits;
}
