import type { Redis } from "ioredis";
import { afterEach, describe, expect, it, vi } from "vitest";
import { NEEDS_REDIS, REDIS_URL } from "@/lib/testing/redis";
import { asTooOldServer, isInfoReply, startRedisProxy, type RedisProxy } from "@/lib/testing/redis-proxy";
import { checkVersionAtStart, createRedisClient, reconnectOnError, versionCheckOf } from "./client";
import { assertRedisServing } from "./health";
import { UNTIL } from "@/tests/until";

// Short command timeouts and retries, so that a held reply times out in a fraction of a second. A
// reply not held may time out too on a busy machine: what must then succeed is waited for, and a
// check that must see the reply itself gets a timeout no machine reaches.
const FAST = { commandTimeoutMs: 300, versionCheckRetry: { baseDelayMs: 20, maxDelayMs: 100 } };
const PATIENT = { ...FAST, commandTimeoutMs: 60_000 };

/** Holds the second INFO reply on its way (the first is ioredis's own ready check): the version check's. */
function holdingTheVersionCheck() {
  let infoReplies = 0;
  return { holdFrom: (reply: string) => isInfoReply(reply) && ++infoReplies === 2 };
}

describe.skipIf(!REDIS_URL)(`the connection to Redis survives a slow or failed version check ${NEEDS_REDIS}`, () => {
  const opened: { proxy?: RedisProxy; client?: Redis }[] = [];
  const open = async (options: Parameters<typeof startRedisProxy>[1], timeouts = FAST) => {
    const proxy = await startRedisProxy(REDIS_URL ?? "", options);
    const client = createRedisClient(proxy.url, timeouts);
    opened.push({ proxy, client });
    return { proxy, client };
  };
  afterEach(async () => {
    for (const { proxy, client } of opened.splice(0)) {
      client?.disconnect();
      await proxy?.close();
    }
  });

  it("a version check whose answer comes after the command timeout is asked again; the connection stays and serves", async () => {
    const { proxy, client } = await open(holdingTheVersionCheck());
    await vi.waitFor(() => expect(versionCheckOf(client)).toMatchObject({ state: "retrying" }), UNTIL);
    expect(client.status).toBe("ready");
    proxy.release();
    await vi.waitFor(() => expect(versionCheckOf(client)).toMatchObject({ state: "passed" }), UNTIL);
    await vi.waitFor(async () => {
      await expect(client.ping()).resolves.toBe("PONG");
      await expect(assertRedisServing(client)).resolves.toBeUndefined();
    }, UNTIL);
    expect(client.status).toBe("ready");
  });

  it("a server that answers that it is too old is refused: the connection closes and the health check says 503", async () => {
    const { client } = await open({ rewrite: asTooOldServer });
    await vi.waitFor(() => expect(versionCheckOf(client)).toMatchObject({ state: "refused", reason: expect.stringMatching(/needs 6\.2\.0 or newer/) }), UNTIL);
    await vi.waitFor(() => expect(client.status).toBe("end"), UNTIL);
    await expect(client.ping()).rejects.toThrow();
    await expect(assertRedisServing(client)).rejects.toMatchObject({ status: 503, code: "INTERNAL_SERVER_ERROR" });
  });

  it("at start, a slow answer lets the start go on (the check on connect retries); a too-old one stops it", async () => {
    const slow = await open(holdingTheVersionCheck());
    await expect(checkVersionAtStart(slow.client)).resolves.toBeUndefined();
    slow.proxy.release();
    await vi.waitFor(() => expect(versionCheckOf(slow.client)).toMatchObject({ state: "passed" }), UNTIL);

    const old = await open({ rewrite: asTooOldServer }, PATIENT);
    await expect(checkVersionAtStart(old.client)).rejects.toThrow(/REDIS_URL: the server runs Redis 0\.0\.\d+; this app needs 6\.2\.0 or newer/);
  });

  it("the health check answers 503 at once while the connection is not ready, and within its deadline while Redis holds its replies", async () => {
    const { proxy, client } = await open({ holdFrom: (reply) => reply.startsWith("+PONG") });
    await vi.waitFor(() => expect(versionCheckOf(client)).toMatchObject({ state: "passed" }), UNTIL);
    // The PING's reply is held: the deadline (shorter than the command timeout) answers.
    await expect(assertRedisServing(client, 50)).rejects.toMatchObject({ status: 503 });
    expect(proxy.holding()).toBe(true);
    proxy.release();
    await vi.waitFor(() => expect(assertRedisServing(client, 5_000)).resolves.toBeUndefined(), UNTIL);
    client.disconnect();
    await expect(assertRedisServing(client)).rejects.toMatchObject({ status: 503 });
  });
});

describe("a demoted or loading server: the connection is made again (a failover leaves it open)", () => {
  const refused = (message: string, name: string, args: unknown[] = []) => Object.assign(new Error(message), { command: { name, args } });

  it("READONLY and LOADING reconnect; any other error reply is passed on", () => {
    const decide = reconnectOnError(new WeakSet());
    expect(decide(refused("READONLY You can't write against a read only replica.", "set"))).toBe(1);
    expect(decide(refused("LOADING Redis is loading the dataset in memory", "get"))).toBe(1);
    expect(decide(refused("NOPERM this user has no permissions", "set"))).toBe(false);
    expect(decide(refused("ERR wrong number of arguments", "eval"))).toBe(false);
    expect(decide(new Error("READONLY without a command"))).toBe(1);
  });

  it("a script is sent again once, on the new connection; a plain command, which may sit in a MULTI block, is not", () => {
    const decide = reconnectOnError(new WeakSet());
    const script = ["return 1", "0"];
    expect(decide(refused("READONLY You can't write against a read only replica. script: 1f…", "eval", script))).toBe(2);
    // Refused again (the endpoint still names the old primary): the request fails, 503.
    expect(decide(refused("READONLY You can't write against a read only replica. script: 1f…", "eval", script))).toBe(1);
    expect(decide(refused("READONLY You can't write against a read only replica. script: 1f…", "evalsha", ["1f", "0"]))).toBe(2);
    expect(decide(refused("READONLY You can't write against a read only replica.", "set", ["key", "value"]))).toBe(1);
  });
});
