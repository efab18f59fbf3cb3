import { describe, expect, it } from "vitest";
import { fakeClock } from "@/lib/testing/fixtures";
import { NEEDS_REDIS, REDIS_URL, useTestRedis } from "@/lib/testing/redis";
import { ACTIVITY_TTL_SECONDS, createMemoryActivityStore, type ActivityStore } from "./activity-store";
import type { NotesDefinition, Note } from "@/lib/shared/notes";
import type { PollDefinition } from "@/lib/shared/poll";
import { tally } from "@/lib/shared/poll";
import { sha256Hex } from "@/lib/security/random";
import { createRedisActivityStore } from "./redis-activity-store";
import { readPoll } from "@/lib/testing/activity-fixtures";
import { ACTIVITY_PARTS } from "./redis-activity-parts";

const someNotes = (): NotesDefinition => ({ kind: "notes", label: "Retro", topic: "What went well?", ownerId: "usr_ada", createdAt: 0 });
const aNote = (authorId: string, text: string): Note => ({ authorId, authorName: authorId.replace("usr_", ""), text, postedAt: 0 });

const aPoll = (): PollDefinition => ({ kind: "poll", label: "Lunch", question: "What for lunch?", options: ["Soup", "Salad", "Pie"], ownerId: "usr_ada", createdAt: 0 });

/** The rules every activity store keeps, in memory and on Redis. */
function describeActivityStore(makeStore: () => ActivityStore) {
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

  describe("shared notes", () => {
    it("keeps the notes under their session key, with no notes at version 0", async () => {
      const store = makeStore();
      await store.create("key-n1", someNotes());
      expect(await store.read("key-n1")).toEqual({ ...someNotes(), notes: [], version: 0 });
    });

    it("appends each note, oldest first, with its author; every note bumps the version", async () => {
      const store = makeStore();
      await store.create("key-n2", someNotes());
      await store.postNote("key-n2", aNote("usr_ada", "First"), 100);
      const state = await store.postNote("key-n2", aNote("usr_grace", "Second"), 100);
      expect(state).toEqual({ ...someNotes(), notes: [aNote("usr_ada", "First"), aNote("usr_grace", "Second")], version: 2 });
      expect(await store.read("key-n2")).toEqual(state);
    });

    it("concurrent notes of many members all land", async () => {
      const store = makeStore();
      await store.create("key-n3", someNotes());
      await Promise.all(Array.from({ length: 30 }, (_, index) => store.postNote("key-n3", aNote(`usr_${index}`, `Note ${index}`), 100)));
      const state = await store.read("key-n3");
      expect(state?.kind === "notes" && state.notes.map((note) => note.text).sort()).toEqual(Array.from({ length: 30 }, (_, index) => `Note ${index}`).sort());
      expect(state?.version).toBe(30);
    });

    it("at the cap a note is refused as `full`, even when many arrive at once", async () => {
      const store = makeStore();
      await store.create("key-n4", someNotes());
      const answers = await Promise.all(Array.from({ length: 12 }, (_, index) => store.postNote("key-n4", aNote("usr_ada", `Note ${index}`), 5)));
      expect(answers.filter((answer) => answer === "full")).toHaveLength(7);
      const state = await store.read("key-n4");
      expect(state?.kind === "notes" && state.notes).toHaveLength(5);
      expect(state?.version).toBe(5);
    });

    it("a note lands only in live notes: not in a poll, not in a session gone", async () => {
      const store = makeStore();
      expect(await store.postNote("key-none", aNote("usr_ada", "Hello"), 100)).toBeUndefined();
      await store.create("key-n5", aPoll());
      expect(await store.postNote("key-n5", aNote("usr_ada", "Hello"), 100)).toBeUndefined();
      expect(await store.read("key-n5")).toEqual({ ...aPoll(), votes: {}, closed: false, version: 0 });
      await store.create("key-n6", someNotes());
      expect(await store.vote("key-n6", "usr_ada", 0)).toBeUndefined();
      expect(await store.closePoll("key-n6")).toBeUndefined();
      expect(await store.read("key-n6")).toEqual({ ...someNotes(), notes: [], version: 0 });
      await store.remove("key-n6");
      expect(await store.postNote("key-n6", aNote("usr_ada", "Hello"), 100)).toBeUndefined();
    });
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

  it("copies notes out: a caller cannot change stored notes", async () => {
    const store = createMemoryActivityStore();
    await store.create("key", someNotes());
    const posted = await store.postNote("key", aNote("usr_ada", "Hello"), 100);
    if (posted && posted !== "full") posted.notes[0]!.text = "Changed";
    expect(await store.read("key")).toMatchObject({ notes: [aNote("usr_ada", "Hello")] });
  });

  it("copies values out: a caller cannot change a stored poll", async () => {
    const store = createMemoryActivityStore();
    await store.create("key", aPoll());
    const read = await readPoll(store, "key");
    read?.options.push("Cake");
    read!.votes.usr_ada = 0;
    expect(await store.read("key")).toEqual({ ...aPoll(), votes: {}, closed: false, version: 0 });
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
    await store.create("key-evicted", someNotes(), cap);
    await store.postNote("key-evicted", aNote("usr_ada", "Hello"), 100);
    await store.create("key-kept", aPoll(), cap);
    expect(await sessionKeys("key-evicted")).toEqual([]);
  });

  it("each write renews the expiry of every key of its session, the kind's parts included", async () => {
    const own = `${prefix}renewed:`;
    const store = createRedisActivityStore(redis(), own);
    const age = async () => {
      for (const key of await redis().keys(`${own}activity:*`)) await redis().pexpire(key, 10_000);
    };
    const expectRenewed = async (parts: number) => {
      const keys = await redis().keys(`${own}activity:*`);
      expect(keys).toHaveLength(2 + parts);
      for (const key of keys) expect([key, await redis().pttl(key)]).toEqual([key, expect.toSatisfy((ttl: number) => ttl > (ACTIVITY_TTL_SECONDS - 5) * 1000)]);
    };
    await store.create("key-poll", aPoll());
    await store.vote("key-poll", "usr_ada", 0);
    await age();
    await store.vote("key-poll", "usr_ada", 1);
    await expectRenewed(1);
    await age();
    await store.closePoll("key-poll");
    await expectRenewed(2);
    await store.remove("key-poll");

    await store.create("key-notes", someNotes());
    await store.postNote("key-notes", aNote("usr_ada", "Hello"), 100);
    await age();
    await store.postNote("key-notes", aNote("usr_ada", "Again"), 100);
    await expectRenewed(1);
  });

  it("the notes carry the activity TTL too, renewed by a note", async () => {
    // A prefix of its own: the other tests' keys have aged while they ran.
    const own = `${prefix}notes-ttl:`;
    const store = createRedisActivityStore(redis(), own);
    const sessionKey = "a-notes-session-key-that-must-not-be-a-redis-key";
    await store.create(sessionKey, someNotes());
    const before = new Set(await redis().keys(`${own}activity:*`));
    await store.postNote(sessionKey, aNote("usr_ada", "Hello"), 100);
    const keys = await redis().keys(`${own}activity:*`);
    expect(keys.filter((key) => !before.has(key)).map((key) => key.split(":").at(-1))).toEqual(["notes"]);
    expect(keys.join()).not.toContain(sessionKey);
    for (const key of keys) expect(await redis().pttl(key)).toBeGreaterThan((ACTIVITY_TTL_SECONDS - 5) * 1000);
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
