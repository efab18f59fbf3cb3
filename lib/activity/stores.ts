import "server-only";
import { getEnv } from "@/lib/env";
import { getRedisClient } from "@/lib/redis/client";
import { createMemoryActivityStore, type ActivityStore } from "./activity-store";
import { createRedisActivityStore } from "./redis-activity-store";

// Kept on globalThis so that every route bundle, and a module reload in development, share one store.
const holder = globalThis as typeof globalThis & { __activityStore?: ActivityStore };

/** With REDIS_URL, on Redis, so members served by different app processes share one poll; without, in this process only. */
export function getActivityStore(): ActivityStore {
  const redisUrl = getEnv().REDIS_URL;
  holder.__activityStore ??= redisUrl ? createRedisActivityStore(getRedisClient(redisUrl)) : createMemoryActivityStore();
  return holder.__activityStore;
}
