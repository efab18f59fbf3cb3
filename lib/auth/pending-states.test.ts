import { describe, expect, it } from "vitest";
import { addressNetworks } from "@/lib/security/address-networks";
import type { PendingState } from "@/lib/session/records";
import { fakeClock } from "@/lib/testing/fixtures";
import { NEEDS_REDIS, REDIS_URL, useTestRedis } from "@/lib/testing/redis";
import { createMemoryPendingStates, type PendingStateStore, type PoolRoom } from "./pending-states";
import { createRedisPendingStates } from "./redis-pending-states";

const TTL = 300;
const anonymous = (sid: string): PendingState => ({ sid, renewal: false, launchId: "launch-1", campusOrigin: "http://campus.localhost:4000", expiresAt: 0 });
const renewal = (sid: string): PendingState => ({ ...anonymous(sid), renewal: true });

type MakeStore = (options: { now: () => number; room: PoolRoom }) => PendingStateStore;

/** Adds an anonymous state `state:{sid}` from `address`. */
const addFrom = (store: PendingStateStore, address: string, sid: string, state = anonymous(sid)) => store.add(`state:${sid}`, state, TTL, addressNetworks(address));

async function pending(store: PendingStateStore, sids: string[]) {
  const taken = await Promise.all(sids.map((sid) => store.take(`state:${sid}`)));
  return sids.filter((_, i) => taken[i] !== undefined);
}

function itBoundsPendingStates(aStore: MakeStore) {
  it("a full pool takes the new state and drops the oldest state of the network holding the most", async () => {
    const store = aStore({ now: fakeClock().now, room: { anonymous: 4, renewal: 4 } });
    await addFrom(store, "203.0.113.7", "member");
    for (const sid of ["flood-1", "flood-2", "flood-3"]) await addFrom(store, "198.51.100.1", sid);
    await addFrom(store, "2001:db8:9::1", "newcomer");
    expect(await pending(store, ["member", "flood-1", "flood-2", "flood-3", "newcomer"])).toEqual(["member", "flood-2", "flood-3", "newcomer"]);
  });

  it("networks are weighed widest first, then within: a flood spread over a /56's /64s loses its own states, not a neighbour's in its /48", async () => {
    const store = aStore({ now: fakeClock().now, room: { anonymous: 5, renewal: 5 } });
    // The member's state is the oldest of the pool, and of the /48 it shares with the flood.
    await addFrom(store, "2001:db8:1:2ff::1", "member");
    for (const host of ["101", "102", "103"]) await addFrom(store, `2001:db8:1:${host}::1`, `flood-${host}`);
    await addFrom(store, "203.0.113.7", "other");
    await addFrom(store, "2001:db8:7::1", "newcomer");
    const left = await pending(store, ["member", "flood-101", "flood-102", "flood-103", "other", "newcomer"]);
    expect(left).toEqual(expect.arrayContaining(["member", "other", "newcomer"]));
    expect(left.filter((sid) => sid.startsWith("flood-"))).toHaveLength(2);
  });

  it("an IPv4 flood from many addresses of a /24 loses its own states, not those of a neighbour in its /16", async () => {
    const store = aStore({ now: fakeClock().now, room: { anonymous: 4, renewal: 4 } });
    await addFrom(store, "198.51.7.7", "member");
    for (const host of [1, 2, 3]) await addFrom(store, `198.51.100.${host}`, `flood-${host}`);
    await addFrom(store, "203.0.113.7", "newcomer");
    const left = await pending(store, ["member", "flood-1", "flood-2", "flood-3", "newcomer"]);
    expect(left).toEqual(expect.arrayContaining(["member", "newcomer"]));
    expect(left).toHaveLength(4);
  });

  // A flood spread one state per network ties every network at one state: the tie goes to the
  // network longest at its count, so a member keeps her state through the pool's room of requests,
  // wherever her network's name sorts.
  it.each([
    ["99.1.1.1", "sorts last", (i: number) => `${10 + i}.1.1.1`],
    ["1.1.1.1", "sorts first", (i: number) => `${10 + i}.1.1.1`],
    ["2001:db8:ffff::1", "sorts last", (i: number) => `2001:db8:${(0x100 + i).toString(16)}::1`],
    ["2001:db8:1::1", "sorts first", (i: number) => `2001:db8:${(0x100 + i).toString(16)}::1`],
  ])("of networks tied at one state each, the oldest state goes first: a member at %s (her network %s) keeps hers through the room's next requests", async (member, _sorts, floodAddress) => {
    const room = 4;
    const store = aStore({ now: fakeClock().now, room: { anonymous: room, renewal: room } });
    for (const i of [1, 2, 3]) await addFrom(store, floodAddress(i), `flood-${i}`);
    await addFrom(store, member, "member");
    // Full: each of the next three takes the room of an older flood state, never hers.
    for (const i of [4, 5, 6]) await addFrom(store, floodAddress(i), `flood-${i}`);
    expect(await pending(store, ["member", "flood-1", "flood-2", "flood-3", "flood-4"])).toEqual(["member", "flood-4"]);
  });

  it("of tied networks, the one that came to its count first loses, as a count moves either way", async () => {
    const store = aStore({ now: fakeClock().now, room: { anonymous: 4, renewal: 4 } });
    await addFrom(store, "198.51.100.1", "a-1");
    await addFrom(store, "203.0.113.1", "b-1");
    await addFrom(store, "203.0.113.1", "b-2");
    await addFrom(store, "198.51.100.1", "a-2");
    // Both networks hold two; 198.51/16 came to two last. Then b's count drops to one and back to two.
    await store.take("state:b-2");
    await addFrom(store, "203.0.113.1", "b-3");
    // Full, tied at two: 198.51/16 has been at two the longest, so its oldest state goes.
    await addFrom(store, "192.0.2.1", "newcomer");
    expect(await pending(store, ["a-1", "a-2", "b-1", "b-3", "newcomer"])).toEqual(["a-2", "b-1", "b-3", "newcomer"]);
  });

  it("renewal states have their own room: a pool full of anonymous ones does not touch them", async () => {
    const store = aStore({ now: fakeClock().now, room: { anonymous: 2, renewal: 2 } });
    await addFrom(store, "203.0.113.7", "r1", renewal("r1"));
    await addFrom(store, "203.0.113.8", "r2", renewal("r2"));
    for (const sid of ["a", "b", "c", "d"]) await addFrom(store, "198.51.100.1", sid);
    expect(await pending(store, ["r1", "r2", "a", "b", "c", "d"])).toEqual(["r1", "r2", "c", "d"]);
  });

  it("a state taken or expired no longer counts for its network", async () => {
    const clock = fakeClock();
    const store = aStore({ now: clock.now, room: { anonymous: 4, renewal: 4 } });
    for (const sid of ["gone-1", "gone-2", "gone-3"]) await addFrom(store, "198.51.100.1", sid);
    clock.advance(200);
    await addFrom(store, "203.0.113.7", "member");
    await addFrom(store, "203.0.113.7", "taken");
    await store.take("state:taken");
    // The first three expire: their network now holds none, and the one with two states is the largest.
    clock.advance(100);
    for (const sid of ["g1", "g2"]) await addFrom(store, "192.0.2.1", sid);
    await addFrom(store, "2001:db8:7::1", "n1");
    await addFrom(store, "2001:db8:8::1", "n2");
    expect(await pending(store, ["member", "g1", "g2", "n1", "n2"])).toEqual(["member", "g2", "n1", "n2"]);
  });

  it("is taken once, whichever request asks first", async () => {
    const store = aStore({ now: fakeClock().now, room: { anonymous: 2, renewal: 2 } });
    await addFrom(store, "203.0.113.7", "a");
    const taken = await Promise.all([store.take("state:a"), store.take("state:a"), store.take("state:a")]);
    expect(taken.filter(Boolean)).toEqual([anonymous("a")]);
  });
}

describe("pending login states in memory", () => {
  itBoundsPendingStates((options) => createMemoryPendingStates(options));

  it("reads an expired state as absent", async () => {
    const clock = fakeClock();
    const store = createMemoryPendingStates({ now: clock.now });
    await addFrom(store, "203.0.113.7", "a");
    clock.advance(TTL);
    expect(await store.take("state:a")).toBeUndefined();
  });
});

describe.skipIf(!REDIS_URL)(`pending login states on Redis ${NEEDS_REDIS}`, () => {
  const { prefix, redis } = useTestRedis();
  let runs = 0;
  itBoundsPendingStates((options) => createRedisPendingStates(redis(), { ...options, prefix: `${prefix}${++runs}:` }));

  it("each pool is a sorted set of state keys beside its networks' counts, each key with a TTL; a state taken leaves no key behind", async () => {
    const store = createRedisPendingStates(redis(), { prefix: `${prefix}layout:`, now: fakeClock().now });
    await addFrom(store, "2001:db8:1:2ab::1", "a");
    const pool = `${prefix}layout:login:pool:anonymous`;
    expect(await redis().zrange(pool, "0", "-1")).toEqual([`${prefix}layout:login:state:a`]);
    // A score is count * 2^36 minus the pool's counter when the network came to that count.
    const counts = async (key: string) => (await redis().zrange(key, "0", "-1", "WITHSCORES")).map((entry, i) => (i % 2 ? Math.floor(Number(entry) / 2 ** 36) + 1 : entry));
    expect(await counts(`${pool}:net`)).toEqual(["2001:db8:1::/48", 1]);
    expect(await counts(`${pool}:net:2:2001:db8:1:200::/56`)).toEqual(["2001:db8:1:2ab::/64", 1]);
    await addFrom(store, "2001:db8:1:2ab::2", "b");
    expect(await counts(`${pool}:net`)).toEqual(["2001:db8:1::/48", 2]);
    await store.take("state:b");
    const keys = await redis().keys(`${prefix}layout:*`);
    expect(keys).toHaveLength(7);
    for (const key of keys) expect(await redis().pttl(key)).toBeGreaterThan(0);
    await store.take("state:a");
    expect(await redis().keys(`${prefix}layout:*`)).toEqual([]);
  });
});
