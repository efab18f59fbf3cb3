import { describe, expect, it } from "vitest";
import { ACTIVITY_TTL_SECONDS, createMemoryActivityStore } from "./activity-store";
import { createRedisActivityStore } from "./redis-activity-store";
import type { Note, NotesDefinition } from "@/lib/shared/notes";
import type { PollDefinition } from "@/lib/shared/poll";
import { describeEachActivityStore, describeOnRedis, renewalBench } from "@/lib/testing/activity-stores";

// The notes' own store rules, in memory and on Redis; those of every kind are in activity-store.test.ts.

const someNotes = (): NotesDefinition => ({ kind: "notes", label: "Retro", topic: "What went well?", ownerId: "usr_ada", createdAt: 0 });
const aNote = (authorId: string, text: string): Note => ({ authorId, authorName: authorId.replace("usr_", ""), text, postedAt: 0 });
/** Another kind, for "a note lands only in live notes". */
const aPoll = (): PollDefinition => ({ kind: "poll", label: "Lunch", question: "What for lunch?", options: ["Soup", "Salad", "Pie"], ownerId: "usr_ada", createdAt: 0 });

describeEachActivityStore("shared notes in the activity store", (makeStore) => {
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

describe("shared notes in the activity store in memory", () => {
  it("copies notes out: a caller cannot change stored notes", async () => {
    const store = createMemoryActivityStore();
    await store.create("key", someNotes());
    const posted = await store.postNote("key", aNote("usr_ada", "Hello"), 100);
    if (posted && posted !== "full") posted.notes[0]!.text = "Changed";
    expect(await store.read("key")).toMatchObject({ notes: [aNote("usr_ada", "Hello")] });
  });
});

describeOnRedis("shared notes in the activity store", (on) => {
  const { redis, prefix } = on;
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

  it("each note renews the expiry of every key of the notes, their list included", async () => {
    const { store, age, expectRenewed } = renewalBench(on, "notes-renewed");
    await store.create("key-notes", someNotes());
    await store.postNote("key-notes", aNote("usr_ada", "Hello"), 100);
    await age();
    await store.postNote("key-notes", aNote("usr_ada", "Again"), 100);
    await expectRenewed(1);
  });
});
