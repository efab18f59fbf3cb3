import "server-only";
import type { Redis } from "ioredis";
import { AppError } from "@/lib/errors";
import { versionCheckOf } from "@/lib/redis/client";

/** A health probe waits at most this long for Redis's PONG: far below a balancer's probe timeout. */
export const HEALTH_PING_DEADLINE_MS = 1_000;

const UNREACHABLE = "The shared store is unreachable; this process cannot serve";

/**
 * Throws 503 (INTERNAL_SERVER_ERROR, the spec's retry state) unless the connection is up, its server
 * was not refused as too old, and it answers PING within the deadline. Nothing waits in ioredis's
 * offline queue: a connection that is not ready fails at once.
 */
export async function assertRedisServing(client: Redis, deadlineMs = HEALTH_PING_DEADLINE_MS): Promise<void> {
  if (versionCheckOf(client).state === "refused") throw new AppError("INTERNAL_SERVER_ERROR", "The shared store runs a Redis too old for this app");
  if (client.status !== "ready") throw new AppError("INTERNAL_SERVER_ERROR", UNREACHABLE);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AppError("INTERNAL_SERVER_ERROR", UNREACHABLE)), deadlineMs);
  });
  const ping = client.ping();
  try {
    await Promise.race([ping, deadline]);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError("INTERNAL_SERVER_ERROR", UNREACHABLE, { cause: error });
  } finally {
    clearTimeout(timer);
    // A PING past the deadline still settles later (its command timeout): nobody waits for it.
    ping.catch(() => undefined);
  }
}
