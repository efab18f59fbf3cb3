import "server-only";
import type { ActivityAccess } from "@/lib/activity/activity-access";
import { createMemoryCallStateStore, type CallStateStore } from "@/lib/calls/call-state-store";
import { getEnv } from "@/lib/env";
import { MAX_PENDING_STATES } from "@/lib/security/limits";
import type { PendingState, SessionRecord } from "./records";
import { getRedisClient } from "@/lib/redis/client";
import { createRedisSessionStores } from "./redis-stores";
import { createMemoryStore, createMemoryVersionedStore, type Store, type VersionedStore } from "./store";

export type SessionStores = {
  /** Versioned: a write that read an older record changes nothing (a renewal is never lost). */
  sessions: VersionedStore<SessionRecord>;
  pendingStates: Store<PendingState>;
  /** The session's grant and commands, keyed by its sid; ending the session clears them. */
  callState: CallStateStore;
  /** The session's activity (key, IDs, entry lease), keyed by its sid; ending the session clears it. */
  activityAccess: Store<ActivityAccess>;
};

// Kept on globalThis so that every route bundle, and a module reload in development, share one store.
const holder = globalThis as typeof globalThis & { __visitorSessionStores?: SessionStores };

/** With REDIS_URL, on Redis, shared by every app process; without, in this process only. */
export function getSessionStores(): SessionStores {
  const redisUrl = getEnv().REDIS_URL;
  holder.__visitorSessionStores ??= redisUrl
    ? createRedisSessionStores(getRedisClient(redisUrl))
    : {
        sessions: createMemoryVersionedStore<SessionRecord>(),
        pendingStates: createMemoryStore<PendingState>({ maxEntries: MAX_PENDING_STATES }),
        callState: createMemoryCallStateStore(),
        activityAccess: createMemoryStore<ActivityAccess>(),
      };
  return holder.__visitorSessionStores;
}
