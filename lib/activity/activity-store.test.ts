import { describe, expect, it } from "vitest";
import { fakeClock } from "@/lib/testing/fixtures";
import { NEEDS_REDIS, REDIS_URL, useTestRedis } from "@/lib/testing/redis";
import { ACTIVITY_TTL_SECONDS, createMemoryActivityStore, type ActivityStore } from "./activity-store";
import type { PollDefinition } from "@/lib/shared/poll";
import { tally } from "@/lib/shared/poll";
import { createRedisActivityStore } from "./redis-activity-store";
import { readPoll } from "@/lib/testing/activity-fixtures";

const aPoll = (): PollDefinition => ({ kind: "poll", label: "Lunch", question: "What for lunch?", options: ["Soup", "Salad", "Pie"], createdBy: "usr_ada", createdAt: 0 });

/** The rules every activity store keeps, in memory and on Redis. */
function describeActivityStore(makeStore: () => ActivityStore) {
  it("keeps the poll under its session key, with no votes at version 0", async () => {
    const store = makeStore();
    await store.create("key-a", aPoll());
    expect(await store.read("key-a")).toEqual({ ...aPoll(), votes: {}, version: 0 });
    expect(await store.read("key-unknown")).toBeUndefined();
  });

  it("one vote per userId: voting again changes it, and every vote bumps the version", async () => {
    const store = makeStore();
    await store.create("key-b", aPoll());
    await store.vote("key-b", "usr_ada", 0);
    await store.vote("key-b", "usr_grace", 0);
    const state = await store.vote("key-b", "usr_ada", 2);
    expect(state?.votes).toEqual({ usr_ada: 2, usr_grace: 0 });
    expect(state?.version).toBe(3);
    expect(tally(state!)).toEqual([1, 0, 1]);
  });

  it("concurrent votes of many members are all counted", async () => {
    const store = makeStore();
    await store.create("key-c", aPoll());
    await Promise.all(Array.from({ length: 30 }, (_, index) => store.vote("key-c", `usr_${index}`, index % 3)));
    const state = await readPoll(store, "key-c");
    expect(Object.keys(state?.votes ?? {})).toHaveLength(30);
    expect(state?.version).toBe(30);
    expect(tally(state!)).toEqual([10, 10, 10]);
  });

  it("a vote in a session that does not exist (or no longer) lands nowhere", async () => {
    const store = makeStore();
    expect(await store.vote("key-none", "usr_ada", 0)).toBeUndefined();
    await store.create("key-d", aPoll());
    await store.remove("key-d");
    expect(await store.vote("key-d", "usr_ada", 0)).toBeUndefined();
    expect(await store.read("key-d")).toBeUndefined();
  });

  it("sessions are apart: a vote in one is not in another", async () => {
    const store = makeStore();
    await store.create("key-e1", aPoll());
    await store.create("key-e2", aPoll());
    await store.vote("key-e1", "usr_ada", 1);
    expect((await readPoll(store, "key-e2"))?.votes).toEqual({});
  });

  it("polls per call are capped: past `keep` in a group, the oldest close; other groups keep theirs", async () => {
    const store = makeStore();
    const cap = { group: "grant-capped", keep: 3 };
    await store.create("key-other", aPoll(), { group: "grant-other", keep: 3 });
    for (const key of ["key-f1", "key-f2", "key-f3", "key-f4", "key-f5"]) await store.create(key, aPoll(), cap);
    expect(await store.read("key-f1")).toBeUndefined();
    expect(await store.read("key-f2")).toBeUndefined();
    for (const key of ["key-f3", "key-f4", "key-f5", "key-other"]) expect(await store.read(key)).toBeDefined();
    expect(await store.vote("key-f1", "usr_ada", 0)).toBeUndefined();
  });
}

describe("the activity store in memory", () => {
  describeActivityStore(() => createMemoryActivityStore());

  it("lives for its TTL, and each vote renews it", async () => {
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

  it("copies values out: a caller cannot change a stored poll", async () => {
    const store = createMemoryActivityStore();
    await store.create("key", aPoll());
    const read = await readPoll(store, "key");
    read?.options.push("Cake");
    read!.votes.usr_ada = 0;
    expect(await store.read("key")).toEqual({ ...aPoll(), votes: {}, version: 0 });
  });
});

describe.skipIf(!REDIS_URL)(`the activity store on Redis ${NEEDS_REDIS}`, () => {
  const { prefix, redis } = useTestRedis();
  describeActivityStore(() => createRedisActivityStore(redis(), prefix));

  it("two app processes share one poll", async () => {
    const connection = redis().duplicate();
    const one = createRedisActivityStore(redis(), prefix);
    const other = createRedisActivityStore(connection, prefix);
    await one.create("key-shared", aPoll());
    await other.vote("key-shared", "usr_grace", 1);
    expect((await readPoll(one, "key-shared"))?.votes).toEqual({ usr_grace: 1 });
    await connection.quit();
  });

  it("carries the activity TTL on every key, renewed by a vote; keys never contain the session key", async () => {
    const store = createRedisActivityStore(redis(), prefix);
    const sessionKey = "a-session-key-that-must-not-be-a-redis-key";
    await store.create(sessionKey, aPoll());
    await store.vote(sessionKey, "usr_ada", 0);
    const keys = await redis().keys(`${prefix}activity:*`);
    expect(keys.length).toBeGreaterThanOrEqual(3);
    expect(keys.join()).not.toContain(sessionKey);
    for (const key of keys) {
      const ttl = await redis().pttl(key);
      expect(ttl).toBeGreaterThan((ACTIVITY_TTL_SECONDS - 5) * 1000);
    }
  });
});
