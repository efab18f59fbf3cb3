import { expect, it } from "vitest";
import { fakeClock } from "@/lib/testing/fixtures";
import { describeEachActivityStore, describeOnRedis } from "@/lib/testing/activity-stores";
import { ACTIVITY_TTL_SECONDS, createMemoryActivityStore } from "./activity-store";
import type { PollDefinition } from "@/lib/shared/poll";
import { sha256Hex } from "@/lib/security/random";
import { createRedisActivityStore } from "./redis-activity-store";
import { ACTIVITY_PARTS } from "./redis-activity-parts";

/*
 * What the activity store does for every kind: the cap per call, the TTL, the keys a session
 * leaves. Each rule needs some kind to write in, and takes the poll; a kind's own rules are in
 * lib/activity/<kind>-store.test.ts, so removing a kind removes only its tests.
 */

const aPoll = (): PollDefinition => ({ kind: "poll", label: "Lunch", question: "What for lunch?", options: ["Soup", "Salad", "Pie"], ownerId: "usr_ada", createdAt: 0 });

describeEachActivityStore("the activity store", (makeStore) => {
  it("activities per call are capped: past `keep` in a group, the oldest close; other groups keep theirs", async () => {
    const store = makeStore();
    const cap = { group: "grant-capped", keep: 3 };
    await store.create("key-other", aPoll(), { group: "grant-other", keep: 3 });
    for (const key of ["key-f1", "key-f2", "key-f3", "key-f4", "key-f5"]) await store.create(key, aPoll(), cap);
    expect(await store.read("key-f1")).toBeUndefined();
    expect(await store.read("key-f2")).toBeUndefined();
    for (const key of ["key-f3", "key-f4", "key-f5", "key-other"]) expect(await store.read(key)).toBeDefined();
    expect(await store.vote("key-f1", "usr_ada", 0)).toBeUndefined();
  });
});

it("the activity store in memory lives for its TTL, and each write renews it", async () => {
  const clock = fakeClock();
  const store = createMemoryActivityStore({ now: clock.now });
  await store.create("key", aPoll());
  clock.advance(ACTIVITY_TTL_SECONDS - 1);
  await store.vote("key", "usr_ada", 0);
  clock.advance(ACTIVITY_TTL_SECONDS - 1);
  expect(await store.read("key")).toBeDefined();
  clock.advance(1);
  expect(await store.read("key")).toBeUndefined();
});

describeOnRedis("the activity store", ({ redis, prefix }) => {
  it("a session's keys are its definition, its version and its kind's declared parts; remove and eviction leave none", async () => {
    const own = `${prefix}every-key:`;
    const store = createRedisActivityStore(redis(), own);
    const sessionKeys = (key: string) => redis().keys(`${own}activity:${sha256Hex(key)}:*`);
    await store.create("key-all", aPoll());
    await store.vote("key-all", "usr_ada", 0);
    await store.closePoll("key-all");
    const names = (await sessionKeys("key-all")).map((key) => key.slice(`${own}activity:${sha256Hex("key-all")}:`.length)).sort();
    expect(names).toEqual(["definition", ...Object.keys(ACTIVITY_PARTS.poll.parts).map((part) => `poll:${part}`), "version"].sort());
    await store.remove("key-all");
    expect(await sessionKeys("key-all")).toEqual([]);

    const cap = { group: "grant-all", keep: 1 };
    await store.create("key-evicted", aPoll(), cap);
    await store.vote("key-evicted", "usr_ada", 0);
    await store.closePoll("key-evicted");
    await store.create("key-kept", aPoll(), cap);
    expect(await sessionKeys("key-evicted")).toEqual([]);
  });

  it("carries the activity TTL on every key, renewed by a vote; keys never contain the session key", async () => {
    // A prefix of its own: the other tests' keys have aged while they ran.
    const own = `${prefix}poll-ttl:`;
    const store = createRedisActivityStore(redis(), own);
    const sessionKey = "a-session-key-that-must-not-be-a-redis-key";
    await store.create(sessionKey, aPoll());
    await store.vote(sessionKey, "usr_ada", 0);
    const keys = await redis().keys(`${own}activity:*`);
    expect(keys.length).toBeGreaterThanOrEqual(3);
    expect(keys.join()).not.toContain(sessionKey);
    for (const key of keys) {
      const ttl = await redis().pttl(key);
      expect(ttl).toBeGreaterThan((ACTIVITY_TTL_SECONDS - 5) * 1000);
    }
  });
});
