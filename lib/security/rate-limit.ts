import "server-only";
import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { getEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { getRedisClient } from "@/lib/redis/client";
import { redisTargetOf } from "@/lib/redis/target";
import { RATE_LIMITS, type RateLimitName } from "@/lib/shared/app-limits";

/**
 * The rate limits of lib/shared/app-limits.ts, on rate-limiter-flexible: in this process without
 * REDIS_URL, on the shared Redis with it (one budget across every app process).
 */
export interface RateLimits {
  /** Counts one request of `key` against the limit; over it, throws RATE_LIMITED with Retry-After. */
  consume(name: RateLimitName, key: string): Promise<void>;
}

type Limiters = Record<RateLimitName, RateLimiterAbstract>;

function createRateLimits(makeLimiter: (name: RateLimitName) => RateLimiterAbstract): RateLimits {
  const limiters = Object.fromEntries(Object.keys(RATE_LIMITS).map((name) => [name, makeLimiter(name as RateLimitName)])) as Limiters;
  return {
    async consume(name, key) {
      try {
        await limiters[name].consume(key);
      } catch (rejection) {
        // A store failure (Redis down) is an Error and goes on as one: a 503, not a free pass.
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        const retryAfterSeconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
        throw new AppError("RATE_LIMITED", `Too many requests; try again in ${retryAfterSeconds} s`, { retryAfterSeconds });
      }
    },
  };
}

const options = (name: RateLimitName) => ({ points: RATE_LIMITS[name].points, duration: RATE_LIMITS[name].durationSeconds });

export function createMemoryRateLimits(): RateLimits {
  return createRateLimits((name) => new RateLimiterMemory({ ...options(name), keyPrefix: name }));
}

/** Keys `{prefix}rate:{name}:{key}`, each with the window's TTL (INCR and PEXPIRE in one script). */
export function createRedisRateLimits(redis: Redis, prefix = "app:"): RateLimits {
  return createRateLimits((name) => new RateLimiterRedis({ ...options(name), storeClient: redis, keyPrefix: `${prefix}rate:${name}` }));
}

// Kept on globalThis so that every route bundle, and a module reload in development, share one budget.
const holder = globalThis as typeof globalThis & { __rateLimits?: RateLimits };

export function getRateLimits(): RateLimits {
  const env = getEnv();
  const redis = redisTargetOf(env);
  holder.__rateLimits ??= redis ? createRedisRateLimits(getRedisClient(redis), env.REDIS_KEY_PREFIX) : createMemoryRateLimits();
  return holder.__rateLimits;
}
