import "server-only";
import type { Redis } from "ioredis";
import { createMemoryActivityStore, type ActivityStore } from "@/lib/activity/activity-store";
import type { ActivityDeps } from "@/lib/activity/deps";
import { createRedisActivityStore } from "@/lib/activity/redis-activity-store";
import { activityAccessSchema, requireInviterActivityId, type ActivityAccess } from "@/lib/activity/session-activity";
import { newSessionKey } from "@/lib/activity/session-key";
import type { LoginDeps } from "@/lib/auth/login";
import { createMemoryPendingStates, type PendingStateStore } from "@/lib/auth/pending-states";
import { createRedisPendingStates } from "@/lib/auth/redis-pending-states";
import type { LogoutDeps } from "@/lib/auth/logout";
import { createMemoryCallStateStore, type CallStateStore } from "@/lib/calls/call-state-store";
import { newClientId } from "@/lib/calls/client-id";
import { createRedisCallStateStore } from "@/lib/calls/redis-call-state-store";
import type { SendCommandDeps } from "@/lib/calls/send-command";
import { getCampusApi, type CampusApi } from "@/lib/campus-api";
import { getEnv, type Env } from "@/lib/env";
import { releaseOnSignOut } from "@/lib/presentations/operations";
import { getRedisClient } from "@/lib/redis/client";
import { redisTargetOf } from "@/lib/redis/target";
import { randomToken } from "@/lib/security/random";
import { getRateLimits, type RateLimits } from "@/lib/security/rate-limit";
import { sessionRecordSchema, type SessionRecord } from "@/lib/session/records";
import { createRecordCipher } from "@/lib/session/record-cipher";
import { createRedisStore, createRedisVersionedStore } from "@/lib/store/redis-ttl-store";
import type { SessionSecret } from "@/lib/session/secrets";
import { sessionBoundStore, type SessionBoundStore } from "@/lib/session/session-bound";
import { createMemoryStore, createMemoryVersionedStore, type Store, type VersionedStore } from "@/lib/store/ttl-store";

/*
 * The one wiring module: it builds the server's stores and every dependency the features take,
 * and nothing else imports a store's constructor. Each feature declares only what it uses
 * (SessionDeps, AccessDeps, CallDeps, SendCommandDeps, ActivityDeps…); ServerDeps holds them all,
 * and a route hands it to the feature it calls. Tests build theirs here too, on a fake campus.
 */

/** Everything the server keeps, by key. With Redis (REDIS_URL or REDIS_SENTINELS) there (every app process shares it); without, in this process. */
export type ServerStores = {
  /** Versioned: a write that read an older record changes nothing (a renewal is never lost). */
  sessions: VersionedStore<SessionRecord>;
  pendingStates: PendingStateStore;
  /** The session's grant, commands and presentation, keyed by its boundSid; ending the session clears them. */
  callState: CallStateStore;
  /** The session's activity (key, IDs, entry lease), keyed by its boundSid; ending the session clears it. */
  activityAccess: Store<ActivityAccess>;
  /** The polls, by session key: shared by every member of the activity, so not bound to one session. */
  activities: ActivityStore;
  /** What the session's boundSid keys besides its record: a renewal keeps it, an ending clears it. */
  sessionBound: readonly SessionBoundStore[];
};

export type ServerDeps = ServerStores &
  LoginDeps &
  LogoutDeps &
  SendCommandDeps &
  ActivityDeps & {
    campus: CampusApi;
  };

function withSessionBound(stores: Omit<ServerStores, "sessionBound">): ServerStores {
  return { ...stores, sessionBound: [stores.callState, sessionBoundStore(stores.activityAccess)] };
}

export function createMemoryStores(options: { now?: () => number } = {}): ServerStores {
  const { now } = options;
  return withSessionBound({
    sessions: createMemoryVersionedStore<SessionRecord>({ now }),
    pendingStates: createMemoryPendingStates({ now }),
    callState: createMemoryCallStateStore({ now }),
    activityAccess: createMemoryStore<ActivityAccess>({ now }),
    activities: createMemoryActivityStore({ now }),
  });
}

/**
 * The stores on Redis, under `prefix` (REDIS_KEY_PREFIX): `session:{sid}` (encrypted with a key
 * derived from the session secret: it holds the campus token), `login:state:{sha256(state)}` and
 * the pools that count them, `login:pool:*` (lib/auth/redis-pending-states.ts; the session's writes
 * check its version in a script), `call:*:{boundSid}`, `activity:access:{boundSid}` and the polls
 * (lib/activity/redis-activity-store.ts). TTLs as the memory stores.
 */
export function createRedisStores(redis: Redis, prefix: string, sessionSecret: SessionSecret): ServerStores {
  const cipher = createRecordCipher(sessionSecret);
  return withSessionBound({
    sessions: createRedisVersionedStore(redis, { prefix: `${prefix}session:`, schema: sessionRecordSchema, what: "session", cipher }),
    pendingStates: createRedisPendingStates(redis, { prefix }),
    callState: createRedisCallStateStore(redis, prefix),
    activityAccess: createRedisStore(redis, { prefix: `${prefix}activity:access:`, schema: activityAccessSchema, what: "activity access" }),
    activities: createRedisActivityStore(redis, prefix),
  });
}

/** What is not a store: the campus, the settings, the clock and the sources of randomness. */
export type ServerBase = {
  campus: CampusApi;
  campusOrigins: readonly string[];
  sessionSecret: SessionSecret;
  now: () => number;
  rateLimits: RateLimits;
  newClientId?: () => string;
  newRef?: () => string;
  newSessionKey?: () => string;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
};

/** Every dependency of the server's features, from its stores and its base. */
export function buildServerDeps(stores: ServerStores, base: ServerBase): ServerDeps {
  const deps: ServerDeps = {
    ...stores,
    newClientId,
    newRef: () => randomToken(9),
    newSessionKey,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    random: Math.random,
    ...base,
    inviterActivityId: (session) => requireInviterActivityId(session, deps.activityAccess),
    beforeSignOut: (boundSid, record) => releaseOnSignOut(boundSid, record, deps),
  };
  return deps;
}

// Kept on globalThis so that every route bundle, and a module reload in development, share one set of stores.
const holder = globalThis as typeof globalThis & { __serverStores?: ServerStores };

/** This process's stores: on Redis with REDIS_URL or REDIS_SENTINELS, in memory without. */
export function getServerStores(): ServerStores {
  const env = getEnv();
  const redis = redisTargetOf(env);
  holder.__serverStores ??= redis ? createRedisStores(getRedisClient(redis), env.REDIS_KEY_PREFIX, sessionSecretOf(env)) : createMemoryStores();
  return holder.__serverStores;
}

/** SESSION_SECRET, and during a rotation SESSION_SECRET_PREVIOUS after it. */
function sessionSecretOf(env: Env): SessionSecret {
  return env.SESSION_SECRET_PREVIOUS ? [env.SESSION_SECRET, env.SESSION_SECRET_PREVIOUS] : env.SESSION_SECRET;
}

/** The server's dependencies, as the routes hand them to the features. */
export function getServerDeps(): ServerDeps {
  const env = getEnv();
  return buildServerDeps(getServerStores(), {
    campus: getCampusApi(),
    campusOrigins: env.CAMPUS_ORIGINS,
    sessionSecret: sessionSecretOf(env),
    now: Date.now,
    rateLimits: getRateLimits(),
  });
}
