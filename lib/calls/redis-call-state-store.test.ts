import { describe, expect, it } from "vitest";
import { NEEDS_REDIS, REDIS_URL, useTestRedis } from "@/lib/testing/redis";
import { CALL_STATE_TTL_SECONDS, type CommandRecord, type PresentationBinding } from "./call-state-store";
import { createRedisCallStateStore } from "./redis-call-state-store";

const aRecord = (ref: string, overrides: Partial<CommandRecord> = {}): CommandRecord => ({
  ref,
  userId: "usr_ada",
  clientId: `client-${ref}-0000000000`,
  kind: "action",
  payload: { action: "mute" },
  commandId: `cmd_${ref}`,
  status: "pending",
  createdAt: 0,
  ...overrides,
});

const aBinding = (presentationId: string): PresentationBinding => ({
  presentationId,
  userId: "usr_ada",
  grantId: "grt_1",
  mode: "video",
  participationIds: ["par_ada"],
  preparedAt: 0,
});

describe.skipIf(!REDIS_URL)(`the session's call state on Redis ${NEEDS_REDIS}`, () => {
  const { prefix, redis } = useTestRedis();
  const aStore = () => createRedisCallStateStore(redis(), prefix);

  it("keeps one field per command: concurrent writes of one session lose nothing", async () => {
    const store = aStore();
    await Promise.all(Array.from({ length: 20 }, (_, index) => store.putCommand("sid-a", aRecord(`r${index}`))));
    expect(await store.listCommands("sid-a")).toHaveLength(20);
  });

  it("keeps every kind's record, activityInvite included, and reads back what it wrote", async () => {
    const store = aStore();
    const record = aRecord("inv", { kind: "activityInvite", payload: {}, status: "failed", result: { code: "FORBIDDEN", message: "no" } });
    await store.putCommand("sid-b", record);
    expect(await store.listCommands("sid-b")).toEqual([record]);
    await store.deleteCommand("sid-b", "inv");
    expect(await store.listCommands("sid-b")).toEqual([]);
  });

  it("call state outlives many 15-minute logins: the grant and the command hash carry the call-state TTL", async () => {
    const store = aStore();
    await store.setGrant("sid-c", { grantId: "grt_1", userId: "usr_ada", attachedAt: 0 });
    await store.putCommand("sid-c", aRecord("a"));
    for (const key of [`${prefix}call:grant:sid-c`, `${prefix}call:commands:sid-c`]) {
      const ttl = await redis().pttl(key);
      expect(ttl).toBeGreaterThan((CALL_STATE_TTL_SECONDS - 5) * 1000);
      expect(ttl).toBeLessThanOrEqual(CALL_STATE_TTL_SECONDS * 1000);
    }
    expect(await store.getGrant("sid-c")).toEqual({ grantId: "grt_1", userId: "usr_ada", attachedAt: 0 });
  });

  it("a presentation is taken once: only one request releases it (GETDEL)", async () => {
    const store = aStore();
    await store.setPresentation("sid-d", aBinding("prs_1"));
    const taken = await Promise.all([store.takePresentation("sid-d"), store.takePresentation("sid-d"), store.takePresentation("sid-d")]);
    expect(taken.filter(Boolean)).toEqual([aBinding("prs_1")]);
  });

  it("dropping an ended presentation keeps a newer one (compare-and-delete)", async () => {
    const store = aStore();
    await store.setPresentation("sid-e", aBinding("prs_2"));
    await store.dropPresentation("sid-e", "prs_1");
    expect(await store.getPresentation("sid-e")).toEqual(aBinding("prs_2"));
    await store.dropPresentation("sid-e", "prs_2");
    expect(await store.getPresentation("sid-e")).toBeUndefined();
  });

  it("clear drops the grant, every command and the presentation, and only that session's", async () => {
    const store = aStore();
    await store.setGrant("sid-f", { grantId: "grt_1", userId: "usr_ada", attachedAt: 0 });
    await store.putCommand("sid-f", aRecord("a"));
    await store.setPresentation("sid-f", aBinding("prs_1"));
    await store.putCommand("sid-g", aRecord("b"));
    await store.clear("sid-f");
    expect(await store.getGrant("sid-f")).toBeUndefined();
    expect(await store.listCommands("sid-f")).toEqual([]);
    expect(await store.getPresentation("sid-f")).toBeUndefined();
    expect(await store.listCommands("sid-g")).toHaveLength(1);
  });
});
