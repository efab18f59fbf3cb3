// The behavior every call-state store must have, run against each implementation (memory, Redis).
import { expect, it } from "vitest";
import type { CallStateStore, CommandRecord, PresentationBinding } from "@/lib/calls/call-state-store";

export const aRecord = (ref: string, overrides: Partial<CommandRecord> = {}): CommandRecord => ({
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

export const aBinding = (presentationId: string): PresentationBinding => ({
  presentationId,
  userId: "usr_ada",
  grantId: "grt_1",
  mode: "video",
  participationIds: ["par_ada"],
  preparedAt: 0,
});

const aGrant = { grantId: "grt_1", userId: "usr_ada", attachedAt: 0 };

/** Declares the shared tests inside the caller's describe. Each test uses its own session IDs. */
export function itBehavesAsACallStateStore(aStore: () => CallStateStore) {
  it("keeps one field per command: concurrent writes of one session lose nothing", async () => {
    const store = aStore();
    await Promise.all(Array.from({ length: 20 }, (_, index) => store.putCommand("sid-a", aRecord(`r${index}`))));
    await store.putCommand("sid-a", { ...aRecord("r1"), status: "applied" });
    const records = await store.listCommands("sid-a");
    expect(records).toHaveLength(20);
    expect(records.find((record) => record.ref === "r1")?.status).toBe("applied");
  });

  it("keeps every kind's record, activityInvite included, and reads back what it wrote", async () => {
    const store = aStore();
    const record = aRecord("inv", { kind: "activityInvite", payload: {}, status: "failed", result: { code: "FORBIDDEN", message: "no" } });
    await store.putCommand("sid-b", record);
    expect(await store.listCommands("sid-b")).toEqual([record]);
    await store.deleteCommand("sid-b", "inv");
    expect(await store.listCommands("sid-b")).toEqual([]);
  });

  it("belongs to its session only", async () => {
    const store = aStore();
    await store.setGrant("sid-one", aGrant);
    await store.putCommand("sid-one", aRecord("a"));
    expect(await store.getGrant("sid-two")).toBeUndefined();
    expect(await store.listCommands("sid-two")).toEqual([]);
  });

  it("a presentation is taken once: only one request releases it", async () => {
    const store = aStore();
    await store.setPresentation("sid-d", aBinding("prs_1"));
    const taken = await Promise.all([store.takePresentation("sid-d"), store.takePresentation("sid-d"), store.takePresentation("sid-d")]);
    expect(taken.filter(Boolean)).toEqual([aBinding("prs_1")]);
  });

  it("dropping an ended presentation keeps a newer one", async () => {
    const store = aStore();
    await store.setPresentation("sid-e", aBinding("prs_2"));
    await store.dropPresentation("sid-e", "prs_1");
    expect(await store.getPresentation("sid-e")).toEqual(aBinding("prs_2"));
    await store.dropPresentation("sid-e", "prs_2");
    expect(await store.getPresentation("sid-e")).toBeUndefined();
  });

  it("clear drops the grant, every command and the presentation, and only that session's", async () => {
    const store = aStore();
    await store.setGrant("sid-f", aGrant);
    await store.putCommand("sid-f", aRecord("a"));
    await store.setPresentation("sid-f", aBinding("prs_1"));
    await store.putCommand("sid-g", aRecord("b"));
    await store.clear("sid-f");
    expect(await store.getGrant("sid-f")).toBeUndefined();
    expect(await store.listCommands("sid-f")).toEqual([]);
    expect(await store.getPresentation("sid-f")).toBeUndefined();
    expect(await store.listCommands("sid-g")).toHaveLength(1);
  });

  it("an unsettled clientId is kept per session for the same payload key, until settled", async () => {
    const store = aStore();
    await store.holdUnsettledClientId("sid-h", "mute", "client-1");
    expect(await store.getUnsettledClientId("sid-h", "mute")).toBe("client-1");
    expect(await store.getUnsettledClientId("sid-h", "unmute")).toBeUndefined();
    expect(await store.getUnsettledClientId("sid-i", "mute")).toBeUndefined();
    await store.settleClientId("sid-h", "client-1");
    expect(await store.getUnsettledClientId("sid-h", "mute")).toBeUndefined();
    await store.holdUnsettledClientId("sid-h", "mute", "client-2");
    await store.clear("sid-h");
    expect(await store.getUnsettledClientId("sid-h", "mute")).toBeUndefined();
  });

  it("a session holds one unsettled command: another command sent ends the hold of the first", async () => {
    const store = aStore();
    await store.holdUnsettledClientId("sid-j", "mute", "client-1");
    await store.holdUnsettledClientId("sid-j", "unmute", "client-2");
    expect(await store.getUnsettledClientId("sid-j", "mute")).toBeUndefined();
    expect(await store.getUnsettledClientId("sid-j", "unmute")).toBe("client-2");
    // Settling the unmute leaves nothing behind for the mute to take up again.
    await store.settleClientId("sid-j", "client-2");
    expect(await store.getUnsettledClientId("sid-j", "mute")).toBeUndefined();
  });

  it("settling an older clientId keeps a newer hold", async () => {
    const store = aStore();
    await store.holdUnsettledClientId("sid-k", "mute", "client-1");
    await store.holdUnsettledClientId("sid-k", "unmute", "client-2");
    await store.settleClientId("sid-k", "client-1");
    expect(await store.getUnsettledClientId("sid-k", "unmute")).toBe("client-2");
  });
}
