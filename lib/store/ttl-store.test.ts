import { describe, expect, it } from "vitest";
import { fakeClock } from "@/lib/testing/fixtures";
import { itBehavesAsAVersionedStore, type Counted } from "@/lib/testing/versioned-store-contract";
import { createMemoryStore, createMemoryVersionedStore } from "./ttl-store";

describe("the in-memory store", () => {
  it("keeps a value for its TTL only", async () => {
    const clock = fakeClock();
    const store = createMemoryStore<{ n: number }>({ now: clock.now });
    await store.set("k", { n: 1 }, 10);
    clock.advance(9);
    expect(await store.get("k")).toEqual({ n: 1 });
    clock.advance(1);
    expect(await store.get("k")).toBeUndefined();
  });

  it("delete returns what it removed, once (single-use consumption)", async () => {
    const store = createMemoryStore<string>();
    await store.set("k", "v", 10);
    expect(await store.delete("k")).toBe("v");
    expect(await store.delete("k")).toBeUndefined();
  });

  it("concurrent consumers: only one gets the value", async () => {
    const store = createMemoryStore<string>();
    await store.set("k", "v", 10);
    const results = await Promise.all([store.delete("k"), store.delete("k"), store.delete("k")]);
    expect(results.filter(Boolean)).toEqual(["v"]);
  });

  it("copies values in and out, as a networked store would", async () => {
    const store = createMemoryStore<{ tags: string[] }>();
    const value = { tags: ["a"] };
    await store.set("k", value, 10);
    value.tags.push("b");
    const read = await store.get("k");
    read?.tags.push("c");
    expect(await store.get("k")).toEqual({ tags: ["a"] });
  });

  it("does not return an expired value from delete", async () => {
    const clock = fakeClock();
    const store = createMemoryStore<string>({ now: clock.now });
    await store.set("k", "v", 1);
    clock.advance(2);
    expect(await store.delete("k")).toBeUndefined();
  });
});

describe("the in-memory versioned store", () => {
  itBehavesAsAVersionedStore(() => createMemoryVersionedStore<Counted>());
});
