import { describe, expect, it } from "vitest";
import { fakeClock } from "@/lib/testing/fixtures";
import { CALL_STATE_TTL_SECONDS, createMemoryCallStateStore, type CommandRecord, type PresentationBinding } from "./call-state-store";

const aRecord = (ref: string): CommandRecord => ({
  ref,
  userId: "usr_ada",
  clientId: "c".repeat(32),
  kind: "action",
  payload: { action: "mute" },
  commandId: `cmd_${ref}`,
  status: "pending",
  createdAt: 0,
});

const aBinding = (presentationId: string): PresentationBinding => ({
  presentationId,
  userId: "usr_ada",
  grantId: "grt_1",
  mode: "video",
  participationIds: ["par_ada"],
  preparedAt: 0,
});

describe("the session's call state", () => {
  it("keeps one field per command: concurrent writes of one session lose nothing", async () => {
    const store = createMemoryCallStateStore();
    await Promise.all(["a", "b", "c"].map((ref) => store.putCommand("sid", aRecord(ref))));
    await store.putCommand("sid", { ...aRecord("b"), status: "applied" });
    const records = await store.listCommands("sid");
    expect(records.map((record) => [record.ref, record.status]).sort()).toEqual([
      ["a", "pending"],
      ["b", "applied"],
      ["c", "pending"],
    ]);
  });

  it("belongs to its session only", async () => {
    const store = createMemoryCallStateStore();
    await store.setGrant("one", { grantId: "grt_1", userId: "usr_ada", attachedAt: 0 });
    await store.putCommand("one", aRecord("a"));
    expect(await store.getGrant("two")).toBeUndefined();
    expect(await store.listCommands("two")).toEqual([]);
  });

  it("clear drops the grant, every command and the presentation", async () => {
    const store = createMemoryCallStateStore();
    await store.setGrant("sid", { grantId: "grt_1", userId: "usr_ada", attachedAt: 0 });
    await store.putCommand("sid", aRecord("a"));
    await store.setPresentation("sid", aBinding("prs_1"));
    await store.clear("sid");
    expect(await store.getGrant("sid")).toBeUndefined();
    expect(await store.listCommands("sid")).toEqual([]);
    expect(await store.getPresentation("sid")).toBeUndefined();
  });

  it("a presentation is taken once: only one request releases it", async () => {
    const store = createMemoryCallStateStore();
    await store.setPresentation("sid", aBinding("prs_1"));
    const taken = await Promise.all([store.takePresentation("sid"), store.takePresentation("sid")]);
    expect(taken.filter(Boolean)).toEqual([aBinding("prs_1")]);
  });

  it("dropping an ended presentation keeps a newer one", async () => {
    const store = createMemoryCallStateStore();
    await store.setPresentation("sid", aBinding("prs_2"));
    await store.dropPresentation("sid", "prs_1");
    expect(await store.getPresentation("sid")).toEqual(aBinding("prs_2"));
    await store.dropPresentation("sid", "prs_2");
    expect(await store.getPresentation("sid")).toBeUndefined();
  });

  it("outlives many 15-minute logins, then expires", async () => {
    const clock = fakeClock();
    const store = createMemoryCallStateStore({ now: clock.now });
    await store.setGrant("sid", { grantId: "grt_1", userId: "usr_ada", attachedAt: 0 });
    await store.putCommand("sid", aRecord("a"));
    clock.advance(CALL_STATE_TTL_SECONDS - 1);
    expect(await store.getGrant("sid")).toBeDefined();
    expect(await store.listCommands("sid")).toHaveLength(1);
    clock.advance(1);
    expect(await store.getGrant("sid")).toBeUndefined();
    expect(await store.listCommands("sid")).toEqual([]);
  });

  it("copies values in and out", async () => {
    const store = createMemoryCallStateStore();
    const record = aRecord("a");
    await store.putCommand("sid", record);
    record.status = "applied";
    const [read] = await store.listCommands("sid");
    if (read) read.status = "failed";
    expect((await store.listCommands("sid"))[0]?.status).toBe("pending");
  });
});
