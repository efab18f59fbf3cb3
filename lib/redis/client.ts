import "server-only";
import { Redis, type RedisOptions } from "ioredis";
import { backoffDelayMs, type BackoffPolicy } from "@/lib/backoff";
import { logError } from "@/lib/log";
import type { SentinelSettings } from "@/lib/redis-sentinel-env";
import type { RedisTarget } from "@/lib/redis/target";
import { assertRedisVersion, RedisVersionError } from "@/lib/redis/version";

/*
 * The shared store behind several app processes (REDIS_URL, or REDIS_SENTINELS). One connection
 * per process: every store pipelines its commands on it. Nothing here logs the URL or the
 * settings, which may hold a password.
 *
 * A fault of Redis never takes the process down for good: a command that fails or times out fails
 * its request (503), and ioredis reconnects by itself. Only the server's own answer that it is too
 * old closes the connection for good (RedisVersionError).
 *
 * A failover is the routine fault of a managed Redis or of Sentinel. Redis's FAILOVER, and a
 * managed service's role swap, demote the primary but leave its clients' connections open: every
 * write on them is then answered READONLY, and nothing reconnects because nothing closed. The same
 * holds for LOADING from a node being replaced. So both answers drop the connection, and the next
 * one reaches whatever the endpoint (or a sentinel) names now (reconnectOnError below).
 */

/** A request waits at most this long for Redis before failing (503), rather than queueing forever. */
const COMMAND_TIMEOUT_MS = 2_000;

/** A version check that failed (a timeout on a loaded machine, a dropped connection) is asked again, backing off. */
const VERSION_CHECK_RETRY: BackoffPolicy = { baseDelayMs: 500, maxDelayMs: 30_000 };

export type RedisClientOptions = { commandTimeoutMs?: number; versionCheckRetry?: BackoffPolicy };

/** The server is not the primary (any more), or is loading its data: the connection is dropped and made again. */
const RECONNECT_ON = /^(READONLY|LOADING)\b/;

/**
 * A script (EVAL) refused this way ran nothing: the server checks before its first write. It is
 * sent again once on the new connection. A plain command may be part of a MULTI block, which must
 * not be split: it fails its request (503, Retry-After), as the block's EXEC does.
 */
const RESENT_ONCE = new Set(["eval", "evalsha"]);

/** ioredis's answer to an error reply: false to pass it on, 1 to reconnect, 2 to reconnect and send the command again. */
export function reconnectOnError(resent: WeakSet<object>) {
  return (error: Error & { command?: { name?: string; args?: unknown[] } }): false | 1 | 2 => {
    if (!RECONNECT_ON.test(error.message)) return false;
    const args = error.command?.args;
    if (!args || !RESENT_ONCE.has(error.command?.name?.toLowerCase() ?? "") || resent.has(args)) return 1;
    resent.add(args);
    return 2;
  };
}

/** What the version check of the server behind a connection has found so far. */
export type VersionCheck =
  | { state: "pending" }
  | { state: "passed"; version: string }
  /** A check failed without an answer about the version: asked again after a backoff. */
  | { state: "retrying"; failures: number }
  /** The server answered that it is too old: the connection is closed for good. */
  | { state: "refused"; reason: string };

const checks = new WeakMap<Redis, VersionCheck>();

export function versionCheckOf(client: Redis): VersionCheck {
  return checks.get(client) ?? { state: "pending" };
}

/** A connection with the version check on every (re)connect; getRedisClient keeps one per target. */
export function createRedisClient(target: string | RedisTarget, options: RedisClientOptions = {}): Redis {
  const common = {
    maxRetriesPerRequest: 1,
    commandTimeout: options.commandTimeoutMs ?? COMMAND_TIMEOUT_MS,
    connectionName: "campus-hosted-app",
    reconnectOnError: reconnectOnError(new WeakSet()),
  } satisfies RedisOptions;
  const resolved = typeof target === "string" ? { url: target } : target;
  const client = "url" in resolved ? new Redis(resolved.url, common) : new Redis({ ...common, ...sentinelOptions(resolved.sentinel) });
  client.on("error", (error: Error) => logError("redis.connection", error));
  watchServerVersion(client, options.versionCheckRetry ?? VERSION_CHECK_RETRY);
  return client;
}

/**
 * Sentinel: every (re)connect asks a sentinel for the primary, checks that the node it reaches is
 * one, and a failover announced by the sentinels (+switch-master) moves the connection at once.
 */
function sentinelOptions(settings: SentinelSettings): RedisOptions {
  return {
    sentinels: settings.sentinels,
    name: settings.name,
    role: "master",
    failoverDetector: true,
    ...(settings.username ? { username: settings.username } : {}),
    ...(settings.password ? { password: settings.password } : {}),
    ...(settings.sentinelUsername ? { sentinelUsername: settings.sentinelUsername } : {}),
    ...(settings.sentinelPassword ? { sentinelPassword: settings.sentinelPassword } : {}),
    ...(settings.tls ? { tls: {}, sentinelTLS: {}, enableTLSForSentinelMode: true } : {}),
  };
}

/**
 * Every (re)connect may reach another server, after a failover: its version is checked each time.
 * A newer connection's check supersedes an older one's, and a closed connection stops retrying
 * until it is ready again.
 */
function watchServerVersion(client: Redis, retry: BackoffPolicy) {
  let round = 0;
  let timer: NodeJS.Timeout | undefined;
  checks.set(client, { state: "pending" });

  const check = async (mine: number, failures: number) => {
    try {
      const version = await assertRedisVersion(client);
      if (mine === round) checks.set(client, { state: "passed", version });
    } catch (error) {
      if (mine !== round) return;
      logError("redis.version", error, { failures: failures + 1 });
      if (error instanceof RedisVersionError) {
        checks.set(client, { state: "refused", reason: error.message });
        client.disconnect();
        return;
      }
      checks.set(client, { state: "retrying", failures: failures + 1 });
      timer = setTimeout(() => void check(mine, failures + 1), backoffDelayMs(failures + 1, retry));
      timer.unref();
    }
  };

  client.on("ready", () => {
    clearTimeout(timer);
    round++;
    void check(round, 0);
  });
  client.on("close", () => {
    clearTimeout(timer);
    round++;
  });
}

/**
 * The start-up check (instrumentation.ts): a server that answers that it is too old stops the
 * start. One that does not answer in time is left to the check on connect: Next keeps a failed
 * start-up hook for the life of the process, so a slow Redis at start would otherwise answer every
 * later request with a plain 500.
 */
export async function checkVersionAtStart(client: Redis): Promise<void> {
  try {
    await assertRedisVersion(client);
  } catch (error) {
    if (error instanceof RedisVersionError) throw error;
    logError("redis.version", error);
  }
}

// Kept on globalThis so that every route bundle, and a module reload in development, share one connection.
const holder = globalThis as typeof globalThis & { __redisClients?: Map<string, Redis> };

/** This process's one connection to `target` (a URL, or the environment's redisTargetOf). */
export function getRedisClient(target: string | RedisTarget): Redis {
  holder.__redisClients ??= new Map();
  const key = typeof target === "string" ? target : JSON.stringify(target);
  let client = holder.__redisClients.get(key);
  if (!client) {
    client = createRedisClient(target);
    holder.__redisClients.set(key, client);
  }
  return client;
}
