import "server-only";
import type { Redis } from "ioredis";
import { activityAccessSchema } from "@/lib/activity/activity-access";
import { createRedisCallStateStore } from "@/lib/calls/redis-call-state-store";
import { pendingStateSchema, sessionRecordSchema } from "./record-schemas";
import { createRedisStore, createRedisVersionedStore } from "./redis-store";
import type { SessionStores } from "./stores";

/**
 * The visitor-session stores on Redis, under `prefix`: `session:{sid}`, `login:state:{sha256(state)}`
 * (consumed with GETDEL; the session's writes check its version in a script), `call:*:{sid}` and `activity:access:{sid}`. TTLs as the memory stores.
 */
export function createRedisSessionStores(redis: Redis, prefix = "app:"): SessionStores {
  return {
    sessions: createRedisVersionedStore(redis, { prefix: `${prefix}session:`, schema: sessionRecordSchema, what: "session" }),
    pendingStates: createRedisStore(redis, { prefix: `${prefix}login:`, schema: pendingStateSchema, what: "login state" }),
    callState: createRedisCallStateStore(redis, prefix),
    activityAccess: createRedisStore(redis, { prefix: `${prefix}activity:access:`, schema: activityAccessSchema, what: "activity access" }),
  };
}
