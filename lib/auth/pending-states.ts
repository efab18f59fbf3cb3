import "server-only";
import { MAX_PENDING_RENEWAL_STATES, MAX_PENDING_STATES } from "@/lib/shared/app-limits";
import type { PendingState } from "@/lib/session/records";

/*
 * Login states waiting for their code (spec 5.3.3), in two pools of bounded room: anonymous states
 * (first logins: no session needed to ask, so anyone can) and renewal states (only a live session
 * of the launch gets one). A full pool refuses the new state; it never evicts one already pending,
 * so a flood of anonymous states from many addresses cannot push out the state of a member whose
 * consent dialog is open, nor touch the renewals of members already signed in.
 */

export type AddResult = { added: true } | { added: false; retryAfterSeconds: number };

export interface PendingStateStore {
  /** Keeps the state for `ttlSeconds` if its pool has room; otherwise stores nothing and says when room frees up. */
  add(key: string, state: PendingState, ttlSeconds: number): Promise<AddResult>;
  /** Removes the state and returns it, in one step, so it is consumed once. */
  take(key: string): Promise<PendingState | undefined>;
}

export type PoolRoom = { anonymous: number; renewal: number };

export const POOL_ROOM: PoolRoom = { anonymous: MAX_PENDING_STATES, renewal: MAX_PENDING_RENEWAL_STATES };

export const poolOf = (state: PendingState): keyof PoolRoom => (state.renewal ? "renewal" : "anonymous");

/** Whole seconds until `expiresAt`, at least one: a Retry-After. */
export const secondsUntil = (expiresAt: number, now: number) => Math.max(1, Math.ceil((expiresAt - now) / 1000));

type Entry = { state: PendingState; expiresAt: number };

/**
 * One process only. Each pool is a Map in insertion order; every state gets the same TTL, so its
 * oldest entry expires first and expired ones are dropped from the front as the pool is used.
 * Values are copied in and out, as a networked store would.
 */
export function createMemoryPendingStates(options: { now?: () => number; room?: PoolRoom } = {}): PendingStateStore {
  const now = options.now ?? Date.now;
  const room = options.room ?? POOL_ROOM;
  const pools = { anonymous: new Map<string, Entry>(), renewal: new Map<string, Entry>() };

  function dropExpired(pool: Map<string, Entry>, time: number) {
    for (const [key, entry] of pool) {
      if (entry.expiresAt > time) return;
      pool.delete(key);
    }
  }

  return {
    async add(key, state, ttlSeconds) {
      const time = now();
      const pool = pools[poolOf(state)];
      dropExpired(pool, time);
      if (pool.size >= room[poolOf(state)] && !pool.has(key)) {
        const oldest = pool.values().next();
        return { added: false, retryAfterSeconds: oldest.done ? 1 : secondsUntil(oldest.value.expiresAt, time) };
      }
      pool.delete(key);
      pool.set(key, { state: structuredClone(state), expiresAt: time + ttlSeconds * 1000 });
      return { added: true };
    },
    async take(key) {
      for (const pool of Object.values(pools)) {
        const entry = pool.get(key);
        if (!entry) continue;
        pool.delete(key);
        return entry.expiresAt > now() ? structuredClone(entry.state) : undefined;
      }
      return undefined;
    },
  };
}
