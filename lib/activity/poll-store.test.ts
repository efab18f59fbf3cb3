import { describe, expect, it } from "vitest";
import { createMemoryActivityStore } from "./activity-store";
import { createRedisActivityStore } from "./redis-activity-store";
import { tally, type PollDefinition } from "@/lib/shared/poll";
import { readPoll } from "@/lib/testing/activity-fixtures";
import { describeEachActivityStore, describeOnRedis, renewalBench } from "@/lib/testing/activity-stores";

// The poll's own store rules, in memory and on Redis; those of every kind are in activity-store.test.ts.

const aPoll = (): PollDefinition => ({ kind: "poll", label: "Lunch", question: "What for lunch?", options: ["Soup", "Salad", "Pie"], ownerId: "usr_ada", createdAt: 0 });

describeEachActivityStore("the poll in the activity store", (makeStore) => {
  it("keeps the poll under its session key, with no votes at version 0", async () => {
    const store = makeStore();
    await store.create("key-a", aPoll());
    expect(await store.read("key-a")).toEqual({ ...aPoll(), votes: {}, closed: false, version: 0 });
    expect(await store.read("key-unknown")).toBeUndefined();
  });

  it("one vote per userId: voting again changes it, and every vote bumps the version", async () => {
    const store = makeStore();
    await store.create("key-b", aPoll());
    await store.vote("key-b", "usr_ada", 0);
    await store.vote("key-b", "usr_grace", 0);
    await store.vote("key-b", "usr_ada", 2);
    const state = await readPoll(store, "key-b");
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

  it("a vote past the stored poll's options lands nowhere: the write checks the definition in its own step", async () => {
    const store = makeStore();
    await store.create("key-o", aPoll());
    expect(await store.vote("key-o", "usr_ada", 3)).toBe("no-such-option");
    expect(await store.vote("key-o", "usr_ada", -1)).toBe("no-such-option");
    expect(await store.vote("key-o", "usr_ada", 2)).toMatchObject({ votes: { usr_ada: 2 }, version: 1 });
    expect(await store.read("key-o")).toEqual({ ...aPoll(), votes: { usr_ada: 2 }, closed: false, version: 1 });
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

  it("a closed poll keeps its votes and takes no more: `closed`, the version untouched; closing bumps it", async () => {
    const store = makeStore();
    await store.create("key-g", aPoll());
    await store.vote("key-g", "usr_ada", 1);
    expect(await store.closePoll("key-g")).toEqual({ ...aPoll(), votes: { usr_ada: 1 }, closed: true, version: 2 });
    expect(await store.vote("key-g", "usr_grace", 0)).toBe("closed");
    expect(await store.read("key-g")).toEqual({ ...aPoll(), votes: { usr_ada: 1 }, closed: true, version: 2 });
    expect(await store.closePoll("key-none")).toBeUndefined();
  });
});

describe("the poll in the activity store in memory", () => {
  it("copies values out: a caller cannot change a stored poll", async () => {
    const store = createMemoryActivityStore();
    await store.create("key", aPoll());
    const read = await readPoll(store, "key");
    read?.options.push("Cake");
    read!.votes.usr_ada = 0;
    expect(await store.read("key")).toEqual({ ...aPoll(), votes: {}, closed: false, version: 0 });
  });
});

describeOnRedis("the poll in the activity store", (on) => {
  const { redis, prefix } = on;
  it("two app processes share one poll", async () => {
    const connection = redis().duplicate();
    const one = createRedisActivityStore(redis(), prefix);
    const other = createRedisActivityStore(connection, prefix);
    await one.create("key-shared", aPoll());
    await other.vote("key-shared", "usr_grace", 1);
    expect((await readPoll(one, "key-shared"))?.votes).toEqual({ usr_grace: 1 });
    await connection.quit();
  });

  it("each vote and the close renew the expiry of every key of the poll, its parts included", async () => {
    const { store, age, expectRenewed } = renewalBench(on, "poll-renewed");
    await store.create("key-poll", aPoll());
    await store.vote("key-poll", "usr_ada", 0);
    await age();
    await store.vote("key-poll", "usr_ada", 1);
    await expectRenewed(1);
    await age();
    await store.closePoll("key-poll");
    await expectRenewed(2);
  });
});
