// Redis for the store tests: only against a real redis-server named by REDIS_URL, under a fresh prefix removed afterwards.
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll } from "vitest";

export const REDIS_URL = process.env.REDIS_URL;

/** Appended to the describe name, so a skipped run says why. */
export const NEEDS_REDIS = "[needs REDIS_URL of a throwaway redis-server, e.g. redis://127.0.0.1:6390]";

/** A client for one describe block, and its key prefix; every key under it is deleted at the end. */
export function useTestRedis() {
  const prefix = `test:${randomUUID()}:`;
  let client: Redis | undefined;
  beforeAll(() => {
    client = new Redis(REDIS_URL ?? "", { maxRetriesPerRequest: 1 });
  });
  afterAll(async () => {
    if (!client) return;
    const keys = await client.keys(`${prefix}*`);
    if (keys.length) await client.del(...keys);
    await client.quit();
  });
  return {
    prefix,
    redis: () => {
      if (!client) throw new Error("the Redis client is made in beforeAll");
      return client;
    },
  };
}
