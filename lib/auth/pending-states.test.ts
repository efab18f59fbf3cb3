import { describe, expect, it } from "vitest";
import type { PendingState } from "@/lib/session/records";
import { fakeClock } from "@/lib/testing/fixtures";
import { NEEDS_REDIS, REDIS_URL, useTestRedis } from "@/lib/testing/redis";
import { createMemoryPendingStates, type PendingStateStore, type PoolRoom } from "./pending-states";
import { createRedisPendingStates } from "./redis-pending-states";

const TTL = 300;
const anonymous = (sid: string): PendingState => ({ sid, renewal: false, launchId: "launch-1", campusOrigin: "http://campus.localhost:4000", expiresAt: 0 });
const renewal = (sid: string): PendingState => ({ ...anonymous(sid), renewal: true });

type MakeStore = (options: { now: () => number; room: PoolRoom }) => PendingStateStore;

function itBoundsPendingStates(aStore: MakeStore) {
  it("a full pool refuses a new state and evicts none already pending", async () => {
    const clock = fakeClock();
    const store = aStore({ now: clock.now, room: { anonymous: 3, renewal: 3 } });
    for (const sid of ["a", "b", "c"]) expect(await store.add(`state:${sid}`, anonymous(sid), TTL)).toEqual({ added: true });
    clock.advance(10);
    // The oldest leaves in TTL - 10 s: that is when room frees up.
    expect(await store.add("state:d", anonymous("d"), TTL)).toEqual({ added: false, retryAfterSeconds: TTL - 10 });
    for (const sid of ["a", "b", "c"]) expect(await store.take(`state:${sid}`)).toEqual(anonymous(sid));
    expect(await store.take("state:d")).toBeUndefined();
  });

  it("renewal states have their own room: a pool full of anonymous ones does not refuse them", async () => {
    const clock = fakeClock();
    const store = aStore({ now: clock.now, room: { anonymous: 2, renewal: 2 } });
    for (const sid of ["a", "b", "c"]) await store.add(`state:${sid}`, anonymous(sid), TTL);
    expect(await store.add("state:r1", renewal("r1"), TTL)).toEqual({ added: true });
    expect(await store.add("state:r2", renewal("r2"), TTL)).toEqual({ added: true });
    expect(await store.add("state:r3", renewal("r3"), TTL)).toMatchObject({ added: false });
    expect(await store.take("state:r1")).toEqual(renewal("r1"));
  });

  it("a state taken or expired frees its room", async () => {
    const clock = fakeClock();
    const store = aStore({ now: clock.now, room: { anonymous: 2, renewal: 2 } });
    await store.add("state:a", anonymous("a"), TTL);
    clock.advance(60);
    await store.add("state:b", anonymous("b"), TTL);
    expect(await store.take("state:b")).toEqual(anonymous("b"));
    expect(await store.add("state:c", anonymous("c"), TTL)).toEqual({ added: true });
    expect(await store.add("state:d", anonymous("d"), TTL)).toMatchObject({ added: false });
    clock.advance(TTL - 60);
    expect(await store.add("state:d", anonymous("d"), TTL)).toEqual({ added: true });
  });

  it("is taken once, whichever request asks first", async () => {
    const store = aStore({ now: fakeClock().now, room: { anonymous: 2, renewal: 2 } });
    await store.add("state:a", anonymous("a"), TTL);
    const taken = await Promise.all([store.take("state:a"), store.take("state:a"), store.take("state:a")]);
    expect(taken.filter(Boolean)).toEqual([anonymous("a")]);
  });
}

describe("pending login states in memory", () => {
  itBoundsPendingStates((options) => createMemoryPendingStates(options));

  it("reads an expired state as absent", async () => {
    const clock = fakeClock();
    const store = createMemoryPendingStates({ now: clock.now });
    await store.add("state:a", anonymous("a"), TTL);
    clock.advance(TTL);
    expect(await store.take("state:a")).toBeUndefined();
  });
});

describe.skipIf(!REDIS_URL)(`pending login states on Redis ${NEEDS_REDIS}`, () => {
  const { prefix, redis } = useTestRedis();
  let runs = 0;
  itBoundsPendingStates((options) => createRedisPendingStates(redis(), { ...options, prefix: `${prefix}${++runs}:` }));

  it("each pool is a sorted set of state keys, which expires with its newest state", async () => {
    const clock = fakeClock();
    const store = createRedisPendingStates(redis(), { prefix: `${prefix}layout:`, now: clock.now });
    await store.add("state:a", anonymous("a"), TTL);
    expect(await redis().zrange(`${prefix}layout:login:pool:anonymous`, "0", "-1")).toEqual([`${prefix}layout:login:state:a`]);
    expect(await redis().pttl(`${prefix}layout:login:pool:anonymous`)).toBeGreaterThan(0);
    await store.take("state:a");
    expect(await redis().zcard(`${prefix}layout:login:pool:anonymous`)).toBe(0);
  });
});
