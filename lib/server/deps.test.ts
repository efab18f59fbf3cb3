import { describe, expect, it } from "vitest";
import { addressNetworks } from "@/lib/security/address-networks";
import { aMember, CLIENT_ADDRESS, TEST_SECRET } from "@/lib/testing/fixtures";
import { NEEDS_REDIS, REDIS_URL, useTestRedis } from "@/lib/testing/redis";
import type { SessionRecord } from "@/lib/session/records";
import { createRedisStores } from "./deps";

const PREVIOUS_SECRET = "the-previous-session-secret-of-32-chars-or-more";
const TOKEN = "tok_secret_bearer_token_value";

const aRecord = (): SessionRecord => ({
  sid: "sid_1",
  version: 1,
  launchId: "launch-1",
  campusOrigin: "http://campus.localhost:4000",
  accessToken: TOKEN,
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
    const one = createRedisStores(redis(), prefix, TEST_SECRET);
    const other = createRedisStores(connection, prefix, TEST_SECRET);
    await one.sessions.set("sid_1", aRecord(), 900);
    expect(await other.sessions.get("sid_1")).toEqual(aRecord());
    await connection.quit();
  });

  it("a login state is consumed once, whichever process asks first", async () => {
    const one = createRedisStores(redis(), prefix, TEST_SECRET);
    await one.pendingStates.add("state:abc", { sid: "sid_1", renewal: false, launchId: "launch-1", campusOrigin: "http://campus.localhost:4000", expiresAt: 1 }, 60, addressNetworks(CLIENT_ADDRESS));
    const consumed = await Promise.all([one.pendingStates.take("state:abc"), one.pendingStates.take("state:abc")]);
    expect(consumed.filter(Boolean)).toHaveLength(1);
  });

  it("keeps the session's activity access, session key included, only on the backend store", async () => {
    const one = createRedisStores(redis(), prefix, TEST_SECRET);
    const access = { role: "guest", userId: "usr_ada", entryId: "ent_1", activityId: "act_1", sessionKey: "k".repeat(43), leaseExpiresAt: 5 } as const;
    await one.activityAccess.set("sid_1", access, 60);
    expect(await one.activityAccess.get("sid_1")).toEqual(access);
  });
});

describe.skipIf(!REDIS_URL)(`the bearer token at rest on Redis is encrypted ${NEEDS_REDIS}`, () => {
  const { prefix, redis } = useTestRedis();

  it("neither the stored record nor any command Redis sees (MONITOR) holds the token, on a write or a versioned rewrite", async () => {
    const seen: string[] = [];
    const monitor = await redis().monitor();
    monitor.on("monitor", (_time: string, args: string[]) => seen.push(args.join(" ")));
    const stores = createRedisStores(redis(), `${prefix}plain:`, TEST_SECRET);
    await stores.sessions.set("sid_1", aRecord(), 900);
    expect(await stores.sessions.replace("sid_1", aRecord(), 900)).toBe(true);
    expect(await stores.sessions.get("sid_1")).toEqual({ ...aRecord(), version: 2 });
    const raw = (await redis().get(`${prefix}plain:session:sid_1`)) ?? "";
    await monitor.disconnect();

    expect(JSON.parse(raw)).toEqual({ version: 2, sealed: expect.stringMatching(/^v1\./) });
    expect(raw).not.toContain(TOKEN);
    expect(seen.some((command) => command.includes(`${prefix}plain:session:sid_1`))).toBe(true);
    expect(seen.filter((command) => command.includes(TOKEN))).toEqual([]);
  });

  it("a record copied under another session's key does not open there", async () => {
    const stores = createRedisStores(redis(), `${prefix}moved:`, TEST_SECRET);
    await stores.sessions.set("sid_1", aRecord(), 900);
    await redis().copy(`${prefix}moved:session:sid_1`, `${prefix}moved:session:sid_2`);
    expect(await stores.sessions.get("sid_2")).toBeUndefined();
  });

  it("during a rotation, a record sealed with the previous secret still reads, and a rewrite seals it with the current one", async () => {
    const before = createRedisStores(redis(), `${prefix}rotate:`, PREVIOUS_SECRET);
    await before.sessions.set("sid_1", aRecord(), 900);
    const rotating = createRedisStores(redis(), `${prefix}rotate:`, [TEST_SECRET, PREVIOUS_SECRET]);
    expect(await rotating.sessions.get("sid_1")).toEqual(aRecord());
    expect(await rotating.sessions.replace("sid_1", aRecord(), 900)).toBe(true);

    const after = createRedisStores(redis(), `${prefix}rotate:`, TEST_SECRET);
    expect(await after.sessions.get("sid_1")).toEqual({ ...aRecord(), version: 2 });
    expect(await before.sessions.get("sid_1")).toBeUndefined();
  });

  it("two apps under two key prefixes share one Redis without reading each other's keys", async () => {
    const one = createRedisStores(redis(), `${prefix}one:`, TEST_SECRET);
    const two = createRedisStores(redis(), `${prefix}two:`, TEST_SECRET);
    await one.sessions.set("sid_1", aRecord(), 900);
    await one.activityAccess.set("sid_1", { role: "guest", userId: "usr_ada", entryId: "ent_1", activityId: "act_1", sessionKey: "k".repeat(43), leaseExpiresAt: 5 }, 60);
    expect(await two.sessions.get("sid_1")).toBeUndefined();
    expect(await two.activityAccess.get("sid_1")).toBeUndefined();
    expect(await redis().keys(`${prefix}two:*`)).toEqual([]);
    expect((await redis().keys(`${prefix}one:*`)).sort()).toEqual([`${prefix}one:activity:access:sid_1`, `${prefix}one:session:sid_1`]);
  });
});
