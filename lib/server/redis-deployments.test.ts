import { readFileSync } from "node:fs";
import tls from "node:tls";
import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { login } from "@/lib/auth/login";
import { issueState } from "@/lib/auth/state";
import { parseEnv } from "@/lib/env";
import { toErrorAnswer } from "@/lib/http/handle-route";
import { createRedisClient } from "@/lib/redis/client";
import { redisTargetOf, type RedisTarget } from "@/lib/redis/target";
import { createRedisRateLimits } from "@/lib/security/rate-limit";
import { getVisitorSession } from "@/lib/session/get-visitor-session";
import { aCampus, aCampusApi, CAMPUS_ORIGIN, CLIENT_ADDRESS, sessionCredentialsFor, TEST_SECRET } from "@/lib/testing/fixtures";
import { startFailoverPair, startLeastPrivilegeServer, startSentinelSet, startTlsServer, until } from "@/lib/testing/redis-bed";
import { findRedisServer } from "@/e2e/support/servers";
import { buildServerDeps, createRedisStores, type ServerDeps } from "./deps";

/*
 * The app's sign-in and sessions on the Redis deployments operators run (lib/testing/redis-bed.ts):
 * a managed-style endpoint failed over with FAILOVER, Sentinel with its primary killed, TLS with a
 * CA of its own, and a user held to the app's prefix by the rule docs/deploy.md gives. In each, a
 * member signed in before keeps her session and new sign-ins work, with no restart.
 */

const HAS_REDIS_SERVER = findRedisServer() !== undefined;
const PREFIX = "app:";

const clients: Redis[] = [];

/** The server's features on one Redis connection, as getServerDeps builds them, with a fake campus. */
function depsOn(target: string | RedisTarget, options: { commandTimeoutMs?: number } = {}): { deps: ServerDeps; redis: Redis } {
  const redis = createRedisClient(target, { commandTimeoutMs: options.commandTimeoutMs ?? 5_000 });
  clients.push(redis);
  const deps = buildServerDeps(createRedisStores(redis, PREFIX, TEST_SECRET), {
    campus: aCampusApi(aCampus().fetch),
    campusOrigins: [CAMPUS_ORIGIN],
    sessionSecret: TEST_SECRET,
    now: Date.now,
    rateLimits: createRedisRateLimits(redis, PREFIX),
  });
  return { deps, redis };
}

let launches = 0;

/** A member's whole sign-in: a login state, then the code for a session; its launch and its handle. */
async function signIn(deps: ServerDeps) {
  const launchId = `launch-${++launches}`;
  const { state, handle } = await issueState({ launchId, campusOrigin: CAMPUS_ORIGIN }, sessionCredentialsFor(launchId), deps, CLIENT_ADDRESS);
  const signedIn = await login({ launchId, code: "c".repeat(20), state }, sessionCredentialsFor(launchId, { cookie: handle }), deps);
  return { launchId, handle: signedIn.handle };
}

async function expectSession(deps: ServerDeps, member: { launchId: string; handle: string }) {
  await expect(getVisitorSession(sessionCredentialsFor(member.launchId, { header: member.handle }), deps)).resolves.toMatchObject({ launchId: member.launchId });
}

/** The answer a request gets for what `work` threw: the spec's Error shape. */
async function answerFor(work: Promise<unknown>) {
  const error = await work.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (error === undefined) return undefined;
  return toErrorAnswer(error);
}

afterAll(() => {
  for (const client of clients) client.disconnect();
});

describe.skipIf(!HAS_REDIS_SERVER)("a managed Redis's primary endpoint, failed over with FAILOVER", { timeout: 120_000 }, () => {
  let pair: Awaited<ReturnType<typeof startFailoverPair>>;
  beforeAll(async () => {
    pair = await startFailoverPair();
  }, 60_000);
  afterAll(() => pair?.stop());

  it("writes on the demoted primary answer 503 with Retry-After; once the endpoint moves, the next request reconnects and signs in, and every session made before is kept", async () => {
    const { deps, redis } = depsOn(pair.url);
    const members = [await signIn(deps), await signIn(deps)];

    await pair.failover();
    // The connection is still open, to a replica now: a write is refused, and answered in the Error shape.
    const meanwhile = await answerFor(signIn(deps));
    expect(meanwhile).toMatchObject({ status: 503, body: { error: { code: "INTERNAL_SERVER_ERROR" } }, headers: { "Retry-After": "1", "Cache-Control": "private, no-store" } });

    pair.flip();
    // The next READONLY drops the connection; the one after reaches the new primary. At most one
    // request fails after the endpoint moved, whatever the machine's speed.
    const first = await answerFor(signIn(deps));
    if (first) {
      expect(first.status).toBe(503);
      await until("the connection to the new primary", () => redis.status === "ready");
    }
    await expect(signIn(deps)).resolves.toMatchObject({ handle: expect.any(String) });
    expect(await redis.call("ROLE")).toEqual(expect.arrayContaining(["master"]));
    for (const member of members) await expectSession(deps, member);
  });

  it("a second failover, back to the first server, is followed the same way", async () => {
    const { deps, redis } = depsOn(pair.url);
    const member = await signIn(deps);
    await pair.failover();
    pair.flip();
    if (await answerFor(signIn(deps))) await until("the connection to the new primary", () => redis.status === "ready");
    await expect(signIn(deps)).resolves.toMatchObject({ handle: expect.any(String) });
    await expectSession(deps, member);
  });
});

describe.skipIf(!HAS_REDIS_SERVER)("Redis under Sentinel, its primary killed", { timeout: 120_000 }, () => {
  let set: Awaited<ReturnType<typeof startSentinelSet>>;
  const password = "sentinel-bed-password";
  beforeAll(async () => {
    set = await startSentinelSet({ password });
  }, 60_000);
  afterAll(() => set?.stop());

  it("the settings REDIS_SENTINELS, REDIS_SENTINEL_NAME and REDIS_PASSWORD reach the primary; after kill -9 the sentinels' new primary is followed with no restart, and what had reached the replica is kept", async () => {
    const env = parseEnv({
      REDIS_SENTINELS: set.sentinels.map(({ host, port }) => `${host}:${port}`).join(","),
      REDIS_SENTINEL_NAME: set.name,
      REDIS_PASSWORD: password,
    });
    const target = redisTargetOf(env);
    expect(target).toMatchObject({ sentinel: { name: set.name, password } });
    const { deps, redis } = depsOn(target!);
    const members = [await signIn(deps), await signIn(deps)];
    // Replication is asynchronous: what the replica has acknowledged survives the primary's death.
    expect(await redis.call("WAIT", "1", "5000")).toBe(1);

    await set.killPrimary();
    await until("a sign-in on the new primary", async () => (await signIn(deps)).handle.length > 0);
    for (const member of members) await expectSession(deps, member);
    expect(String(await redis.call("INFO", "server"))).toContain(`tcp_port:${set.replicaPort}`);
  });
});

describe.skipIf(!HAS_REDIS_SERVER)("Redis over TLS only, with a CA of its own", { timeout: 60_000 }, () => {
  let server: Awaited<ReturnType<typeof startTlsServer>>;
  const systemCas = tls.getCACertificates("default");
  beforeAll(async () => {
    server = await startTlsServer();
  }, 60_000);
  afterAll(async () => {
    tls.setDefaultCACertificates(systemCas);
    await server?.stop();
  });

  it("refuses the server while its CA is unknown, and signs in over rediss:// once the CA is trusted (NODE_EXTRA_CA_CERTS in a deployment)", async () => {
    const untrusted = depsOn(server.url, { commandTimeoutMs: 1_000 });
    expect(await answerFor(signIn(untrusted.deps))).toMatchObject({ status: 503 });
    untrusted.redis.disconnect();

    tls.setDefaultCACertificates([...systemCas, server.ca]);
    const { deps } = depsOn(server.url);
    const member = await signIn(deps);
    await signIn(deps);
    await expectSession(deps, member);
  });
});

describe.skipIf(!HAS_REDIS_SERVER)("a Redis user held to the app's prefix by the rule docs/deploy.md gives", { timeout: 60_000 }, () => {
  // The rule as the operator copies it: `ACL SETUSER app <rule>` in docs/deploy.md.
  const rule = /^ACL SETUSER app (.+) >YOUR-PASSWORD$/m.exec(readFileSync("docs/deploy.md", "utf8"))?.[1];
  let server: Awaited<ReturnType<typeof startLeastPrivilegeServer>>;
  beforeAll(async () => {
    if (!rule) throw new Error("docs/deploy.md gives no `ACL SETUSER app … >YOUR-PASSWORD` line");
    server = await startLeastPrivilegeServer(rule);
  }, 60_000);
  afterAll(() => server?.stop());

  it("signs in and keeps sessions with that user alone, which reaches no key outside the prefix and no dangerous command", async () => {
    expect(rule).toContain(`~${PREFIX}*`);
    const { deps, redis } = depsOn(server.url);
    const member = await signIn(deps);
    await signIn(deps);
    await expectSession(deps, member);
    await expect(redis.get("another-app:secret")).rejects.toThrow(/NOPERM/);
    await expect(redis.call("FLUSHALL")).rejects.toThrow(/NOPERM/);
    await expect(redis.call("KEYS", "*")).rejects.toThrow(/NOPERM/);
  });
});
