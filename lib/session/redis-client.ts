import "server-only";
import { Redis } from "ioredis";

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
    client.on("error", (error: Error) => console.warn(`redis: ${error.message}`));
    holder.__redisClients.set(url, client);
  }
  return client;
}
