import "server-only";
import { Redis } from "ioredis";
import { backoffDelayMs, type BackoffPolicy } from "@/lib/backoff";
import { logError } from "@/lib/log";
import { assertRedisVersion, RedisVersionError } from "@/lib/redis/version";

/*
 * The shared store behind several app processes (REDIS_URL). One connection per process: every
 * store pipelines its commands on it. Nothing here logs the URL, which may hold a password.
 *
 * A fault of Redis never takes the process down for good: a command that fails or times out fails
 * its request (503), and ioredis reconnects by itself. Only the server's own answer that it is too
 * old closes the connection for good (RedisVersionError).
 */

/** A request waits at most this long for Redis before failing (503), rather than queueing forever. */
const COMMAND_TIMEOUT_MS = 2_000;

/** A version check that failed (a timeout on a loaded machine, a dropped connection) is asked again, backing off. */
const VERSION_CHECK_RETRY: BackoffPolicy = { baseDelayMs: 500, maxDelayMs: 30_000 };

export type RedisClientOptions = { commandTimeoutMs?: number; versionCheckRetry?: BackoffPolicy };

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

/** A connection with the version check on every (re)connect; getRedisClient keeps one per URL. */
export function createRedisClient(url: string, options: RedisClientOptions = {}): Redis {
  const client = new Redis(url, {
    maxRetriesPerRequest: 1,
    commandTimeout: options.commandTimeoutMs ?? COMMAND_TIMEOUT_MS,
    connectionName: "campus-hosted-app",
  });
  client.on("error", (error: Error) => logError("redis.connection", error));
  watchServerVersion(client, options.versionCheckRetry ?? VERSION_CHECK_RETRY);
  return client;
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

export function getRedisClient(url: string): Redis {
  holder.__redisClients ??= new Map();
  let client = holder.__redisClients.get(url);
  if (!client) {
    client = createRedisClient(url);
    holder.__redisClients.set(url, client);
  }
  return client;
}
