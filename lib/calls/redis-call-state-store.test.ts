import { describe, expect, it } from "vitest";
import { aRecord, itBehavesAsACallStateStore } from "@/lib/testing/call-state-contract";
import { NEEDS_REDIS, REDIS_URL, useTestRedis } from "@/lib/testing/redis";
import { CALL_STATE_TTL_SECONDS, UNSETTLED_CLIENT_ID_TTL_SECONDS } from "./call-state-store";
import { createRedisCallStateStore } from "./redis-call-state-store";

describe.skipIf(!REDIS_URL)(`the session's call state on Redis ${NEEDS_REDIS}`, () => {
  const { prefix, redis } = useTestRedis();
  itBehavesAsACallStateStore(() => createRedisCallStateStore(redis(), prefix));

  it("call state outlives many 15-minute logins: the grant and the command hash carry the call-state TTL", async () => {
    const store = createRedisCallStateStore(redis(), prefix);
    await store.setGrant("sid-c", { grantId: "grt_1", userId: "usr_ada", attachedAt: 0 });
    await store.putCommand("sid-c", aRecord("a"));
    for (const key of [`${prefix}call:grant:sid-c`, `${prefix}call:commands:sid-c`]) {
      const ttl = await redis().pttl(key);
      expect(ttl).toBeGreaterThan((CALL_STATE_TTL_SECONDS - 5) * 1000);
      expect(ttl).toBeLessThanOrEqual(CALL_STATE_TTL_SECONDS * 1000);
    }
    expect(await store.getGrant("sid-c")).toEqual({ grantId: "grt_1", userId: "usr_ada", attachedAt: 0 });
  });

  it(`an unsettled clientId lives ${UNSETTLED_CLIENT_ID_TTL_SECONDS} s (SET PX)`, async () => {
    const store = createRedisCallStateStore(redis(), prefix);
    await store.holdUnsettledClientId("sid-u", "mute", "client-1");
    const ttl = await redis().pttl(`${prefix}call:unsettled:sid-u`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(UNSETTLED_CLIENT_ID_TTL_SECONDS * 1000);
  });
});
