// The activity stores under test: a kind's store tests (lib/activity/<kind>-store.test.ts) and the
// platform's (lib/activity/activity-store.test.ts) register their rules once and run them on both.
import type { Redis } from "ioredis";
import { describe, expect } from "vitest";
import { ACTIVITY_TTL_SECONDS, createMemoryActivityStore, type ActivityStore } from "@/lib/activity/activity-store";
import { createRedisActivityStore } from "@/lib/activity/redis-activity-store";
import { NEEDS_REDIS, REDIS_URL, useTestRedis } from "./redis";

/** Redis for one describe block: its client and a key prefix of its own, deleted at the end. */
export type OnRedis = { redis: () => Redis; prefix: string };

/** Rules every activity store keeps, registered once in memory and once on Redis (when REDIS_URL names one). */
export function describeEachActivityStore(title: string, rules: (makeStore: () => ActivityStore) => void) {
  describe(`${title}, in memory`, () => rules(() => createMemoryActivityStore()));
  describeOnRedis(title, ({ redis, prefix }) => rules(() => createRedisActivityStore(redis(), prefix)));
}

/** What only the Redis store does: its keys, their expiry, two processes on one server. */
export function describeOnRedis(title: string, body: (on: OnRedis) => void) {
  describe.skipIf(!REDIS_URL)(`${title}, on Redis ${NEEDS_REDIS}`, () => body(useTestRedis()));
}

/**
 * A Redis store under a prefix of its own (other tests' keys age while they run), with `age` to
 * bring every key of it near its end, and `expectRenewed` to check that a write since then gave
 * each key (the definition, the version and `parts` of the kind's) its whole TTL again.
 */
export function renewalBench({ redis, prefix }: OnRedis, name: string) {
  const own = `${prefix}${name}:`;
  const keys = () => redis().keys(`${own}activity:*`);
  return {
    store: createRedisActivityStore(redis(), own),
    age: async () => {
      for (const key of await keys()) await redis().pexpire(key, 10_000);
    },
    expectRenewed: async (parts: number) => {
      const found = await keys();
      expect(found).toHaveLength(2 + parts);
      for (const key of found) expect([key, await redis().pttl(key)]).toEqual([key, expect.toSatisfy((ttl: number) => ttl > (ACTIVITY_TTL_SECONDS - 5) * 1000)]);
    },
  };
}
