import { describe, expect, it } from "vitest";
import { aMember } from "@/lib/testing/fixtures";
import { NEEDS_REDIS, REDIS_URL, useTestRedis } from "@/lib/testing/redis";
import type { SessionRecord } from "@/lib/session/records";
import { createRedisStores } from "./deps";

const aRecord = (): SessionRecord => ({
  sid: "sid_1",
  version: 1,
  launchId: "launch-1",
  campusOrigin: "http://campus.localhost:4000",
  accessToken: "tok_secret",
  tokenExpiresAt: 1_000,
  scopes: ["profile:read", "calls:read"],
  member: aMember({ birthdate: null }),
  createdAt: 0,
  lastSeenAt: 0,
});

describe.skipIf(!REDIS_URL)(`the visitor-session stores on Redis ${NEEDS_REDIS}`, () => {
  const { prefix, redis } = useTestRedis();

  it("a session written by one process is the same record in another", async () => {
    const connection = redis().duplicate();
    const one = createRedisStores(redis(), prefix);
    const other = createRedisStores(connection, prefix);
    await one.sessions.set("sid_1", aRecord(), 900);
    expect(await other.sessions.get("sid_1")).toEqual(aRecord());
    await connection.quit();
  });

  it("a login state is consumed once, whichever process asks first", async () => {
    const one = createRedisStores(redis(), prefix);
    await one.pendingStates.add("state:abc", { sid: "sid_1", renewal: false, launchId: "launch-1", campusOrigin: "http://campus.localhost:4000", expiresAt: 1 }, 60);
    const consumed = await Promise.all([one.pendingStates.take("state:abc"), one.pendingStates.take("state:abc")]);
    expect(consumed.filter(Boolean)).toHaveLength(1);
  });

  it("keeps the session's activity access, session key included, only on the backend store", async () => {
    const one = createRedisStores(redis(), prefix);
    const access = { role: "guest", userId: "usr_ada", entryId: "ent_1", activityId: "act_1", sessionKey: "k".repeat(43), leaseExpiresAt: 5 } as const;
    await one.activityAccess.set("sid_1", access, 60);
    expect(await one.activityAccess.get("sid_1")).toEqual(access);
  });
});
