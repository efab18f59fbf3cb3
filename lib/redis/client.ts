import "server-only";
import { Redis } from "ioredis";
import { logError } from "@/lib/log";
import { assertRedisVersion } from "@/lib/redis/version";

/*
 * The shared store behind several app processes (REDIS_URL). One connection per process: every
 * store pipelines its commands on it. Nothing here logs the URL, which may hold a password.
 */

// Kept on globalThis so that every route bundle, and a module reload in development, share one connection.
const holder = globalThis as typeof globalThis & { __redisClients?: Map<string, Redis> };

/** A request waits at most this long for Redis before failing (503), rather than queueing forever. */
const COMMAND_TIMEOUT_MS = 2_000;

export function getRedisClient(url: string): Redis {
  holder.__redisClients ??= new Map();
  let client = holder.__redisClients.get(url);
  if (!client) {
    client = new Redis(url, { maxRetriesPerRequest: 1, commandTimeout: COMMAND_TIMEOUT_MS, connectionName: "campus-hosted-app" });
    client.on("error", (error: Error) => logError("redis.connection", error));
    // Every (re)connect may reach another server, after a failover: one too old is left, not used.
    const connected = client;
    connected.on("ready", () => {
      assertRedisVersion(connected).catch((error: unknown) => {
        logError("redis.version", error);
        connected.disconnect();
      });
    });
    holder.__redisClients.set(url, client);
  }
  return client;
}
