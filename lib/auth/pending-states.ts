import "server-only";
import { MAX_PENDING_RENEWAL_STATES, MAX_PENDING_STATES } from "@/lib/shared/app-limits";
import type { AddressNetworks } from "@/lib/security/address-networks";
import type { PendingState } from "@/lib/session/records";
import { createNetworkPool } from "./network-pool";

/*
 * Login states waiting for their code (spec 5.3.3), in two pools of bounded room: anonymous states
 * (first logins: no session needed to ask, so anyone can) and renewal states (only a live session
 * of the launch gets one). Each state counts against the networks its request came from (IPv6
 * /48, /56, /64; IPv4 /16, /24, the address). A full pool takes every new state and makes room by
 * dropping the oldest state of the network holding the most, narrowing level by level: a flood
 * from a few networks fills the pool with its own states and then pushes out only those, while a
 * member from any other network gets a state at once and keeps it until the code comes back.
 */

export interface PendingStateStore {
  /** Keeps the state for `ttlSeconds`, counted against `networks`; a full pool first drops the oldest state of the network holding the most. */
  add(key: string, state: PendingState, ttlSeconds: number, networks: AddressNetworks): Promise<void>;
  /** Removes the state and returns it, in one step, so it is consumed once. */
  take(key: string): Promise<PendingState | undefined>;
}

export type PoolRoom = { anonymous: number; renewal: number };

export const POOL_ROOM: PoolRoom = { anonymous: MAX_PENDING_STATES, renewal: MAX_PENDING_RENEWAL_STATES };

export const poolOf = (state: PendingState): keyof PoolRoom => (state.renewal ? "renewal" : "anonymous");

/**
 * One process only (lib/auth/network-pool.ts). Every state gets the same TTL, so each pool's
 * oldest entry expires first and expired ones are dropped from the front as the pool is used.
 * Values are copied in and out, as a networked store would.
 */
export function createMemoryPendingStates(options: { now?: () => number; room?: PoolRoom } = {}): PendingStateStore {
  const now = options.now ?? Date.now;
  const room = options.room ?? POOL_ROOM;
  const pools = { anonymous: createNetworkPool<PendingState>(), renewal: createNetworkPool<PendingState>() };

  return {
    async add(key, state, ttlSeconds, networks) {
      const time = now();
      const pool = pools[poolOf(state)];
      pool.dropExpired(time);
      pool.delete(key);
      if (pool.size >= room[poolOf(state)]) pool.evictFromLargest();
      pool.set(key, { value: structuredClone(state), expiresAt: time + ttlSeconds * 1000, networks });
    },
    async take(key) {
      for (const pool of Object.values(pools)) {
        const entry = pool.get(key);
        if (!entry) continue;
        pool.delete(key);
        return entry.expiresAt > now() ? structuredClone(entry.value) : undefined;
      }
      return undefined;
    },
  };
}
