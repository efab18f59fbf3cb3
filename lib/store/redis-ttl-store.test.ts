import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { log } from "@/lib/log";
import { NEEDS_REDIS, REDIS_URL, useTestRedis } from "@/lib/testing/redis";
import { UNTIL } from "@/tests/until";
import { itBehavesAsAVersionedStore } from "@/lib/testing/versioned-store-contract";
import { createRedisStore, createRedisVersionedStore, ttlMs } from "./redis-ttl-store";

const valueSchema = z.object({ n: z.number(), tags: z.array(z.string()).optional() });

describe("TTL in whole milliseconds", () => {
  it("keeps fractions of a second and reads nothing left as gone", () => {
    expect(ttlMs(900)).toBe(900_000);
    expect(ttlMs(0.25)).toBe(250);
    expect(ttlMs(0)).toBe(0);
  });
});

describe.skipIf(!REDIS_URL)(`the Redis store ${NEEDS_REDIS}`, () => {
  const { prefix, redis } = useTestRedis();
  const aStore = (name: string) => createRedisStore(redis(), { prefix: `${prefix}${name}:`, schema: valueSchema, what: "value" });

  it("keeps a value for its TTL only (SET PX), as the memory store does", async () => {
    const store = aStore("ttl");
    await store.set("k", { n: 1 }, 30);
    expect(await store.get("k")).toEqual({ n: 1 });
    const pttl = await redis().pttl(`${prefix}ttl:k`);
    expect(pttl).toBeGreaterThan(0);
    expect(pttl).toBeLessThanOrEqual(30_000);
    // Redis expires a key on its own clock, which no test can bring forward: wait until it has.
    await store.set("k", { n: 2 }, 0.05);
    await vi.waitFor(async () => expect(await store.get("k")).toBeUndefined(), UNTIL);
  });

  it("a TTL of zero or less removes the value, as it expires at once in memory", async () => {
    const store = aStore("zero");
    await store.set("k", { n: 1 }, 10);
    await store.set("k", { n: 2 }, 0);
    expect(await store.get("k")).toBeUndefined();
  });

  it("delete returns what it removed, once (GETDEL: single-use consumption)", async () => {
    const store = aStore("once");
    await store.set("k", { n: 1 }, 10);
    expect(await store.delete("k")).toEqual({ n: 1 });
    expect(await store.delete("k")).toBeUndefined();
  });

  it("concurrent consumers: only one gets the value", async () => {
    const store = aStore("race");
    await store.set("k", { n: 7 }, 10);
    const results = await Promise.all(Array.from({ length: 10 }, () => store.delete("k")));
    expect(results.filter(Boolean)).toEqual([{ n: 7 }]);
  });

  it("two processes share one store: a value set by one is read (and consumed) by the other", async () => {
    const connection = redis().duplicate();
    const other = createRedisStore(connection, { prefix: `${prefix}shared:`, schema: valueSchema, what: "value" });
    await aStore("shared").set("k", { n: 3 }, 10);
    expect(await other.delete("k")).toEqual({ n: 3 });
    expect(await aStore("shared").get("k")).toBeUndefined();
    await connection.quit();
  });

  it("copies values in and out: what a caller changes afterwards is not stored", async () => {
    const store = aStore("copy");
    const value = { n: 1, tags: ["a"] };
    await store.set("k", value, 10);
    value.tags.push("b");
    const read = await store.get("k");
    read?.tags?.push("c");
    expect(await store.get("k")).toEqual({ n: 1, tags: ["a"] });
  });

  it("a value off its schema (another version's, or not JSON) reads as absent", async () => {
    const warn = vi.spyOn(log, "warn").mockImplementation(() => undefined);
    const store = aStore("skew");
    await redis().set(`${prefix}skew:old`, JSON.stringify({ count: 1 }));
    await redis().set(`${prefix}skew:junk`, "not json");
    expect(await store.get("old")).toBeUndefined();
    expect(await store.delete("junk")).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(2);
    expect(String(warn.mock.calls[0]?.[0])).not.toContain("count");
    warn.mockRestore();
  });
});

describe.skipIf(!REDIS_URL)(`the Redis versioned store ${NEEDS_REDIS}`, () => {
  const { prefix, redis } = useTestRedis();
  const countedSchema = z.object({ version: z.number(), token: z.string() });
  let stores = 0;
  itBehavesAsAVersionedStore(() => createRedisVersionedStore(redis(), { prefix: `${prefix}v${++stores}:`, schema: countedSchema, what: "value" }));
});
