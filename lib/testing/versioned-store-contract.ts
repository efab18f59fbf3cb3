// The behavior every versioned store must have (lib/store/ttl-store.ts), run against memory and Redis.
import { expect, it } from "vitest";
import type { VersionedStore } from "@/lib/store/ttl-store";

export type Counted = { version: number; token: string };

/** Declares the shared tests inside the caller's describe. Each test uses its own keys. */
export function itBehavesAsAVersionedStore(aStore: () => VersionedStore<Counted>) {
  it("a write that read the current version is stored as the next version", async () => {
    const store = aStore();
    await store.set("a", { version: 1, token: "old" }, 60);
    expect(await store.replace("a", { version: 1, token: "new" }, 60)).toBe(true);
    expect(await store.get("a")).toEqual({ version: 2, token: "new" });
  });

  it("a write that read an older version changes nothing: a renewal is never overwritten", async () => {
    const store = aStore();
    await store.set("b", { version: 1, token: "old" }, 60);
    const readBySlowRequest = await store.get("b");
    expect(await store.replace("b", { version: 1, token: "renewed" }, 60)).toBe(true);
    expect(await store.replace("b", readBySlowRequest!, 60)).toBe(false);
    expect(await store.get("b")).toEqual({ version: 2, token: "renewed" });
  });

  it("of concurrent writes from one version, exactly one wins", async () => {
    const store = aStore();
    await store.set("c", { version: 1, token: "t0" }, 60);
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => store.replace("c", { version: 1, token: `t${i + 1}` }, 60)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await store.get("c"))?.version).toBe(2);
  });

  it("a write never brings back a deleted value", async () => {
    const store = aStore();
    await store.set("d", { version: 1, token: "t" }, 60);
    await store.delete("d");
    expect(await store.replace("d", { version: 1, token: "t" }, 60)).toBe(false);
    expect(await store.get("d")).toBeUndefined();
  });

  it("a delete that read an older version keeps the newer value", async () => {
    const store = aStore();
    await store.set("e", { version: 1, token: "old" }, 60);
    await store.replace("e", { version: 1, token: "renewed" }, 60);
    expect(await store.deleteIfVersion("e", 1)).toBe(false);
    expect(await store.get("e")).toMatchObject({ token: "renewed" });
    expect(await store.deleteIfVersion("e", 2)).toBe(true);
    expect(await store.get("e")).toBeUndefined();
  });
}
