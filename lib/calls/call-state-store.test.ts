import { describe, expect, it } from "vitest";
import { aRecord, itBehavesAsACallStateStore } from "@/lib/testing/call-state-contract";
import { fakeClock } from "@/lib/testing/fixtures";
import { CALL_STATE_TTL_SECONDS, UNSETTLED_CLIENT_ID_TTL_SECONDS, createMemoryCallStateStore } from "./call-state-store";

describe("the session's call state in memory", () => {
  itBehavesAsACallStateStore(() => createMemoryCallStateStore());

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

  it(`forgets an unsettled clientId after ${UNSETTLED_CLIENT_ID_TTL_SECONDS} s`, async () => {
    const clock = fakeClock();
    const store = createMemoryCallStateStore({ now: clock.now });
    await store.holdUnsettledClientId("sid", "mute", "client-1");
    clock.advance(UNSETTLED_CLIENT_ID_TTL_SECONDS - 1);
    expect(await store.getUnsettledClientId("sid", "mute")).toBe("client-1");
    clock.advance(1);
    expect(await store.getUnsettledClientId("sid", "mute")).toBeUndefined();
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
