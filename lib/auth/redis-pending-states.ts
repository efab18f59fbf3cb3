import "server-only";
import type { Redis } from "ioredis";
import { parseStored, ttlMs } from "@/lib/store/redis-ttl-store";
import { pendingStateSchema } from "@/lib/session/records";
import { POOL_ROOM, poolOf, secondsUntil, type PendingStateStore, type PoolRoom } from "./pending-states";

/*
 * The pending-state pools of pending-states.ts on Redis, shared by every app process: each state
 * is `{prefix}login:state:{sha256}` (SET PX), and each pool a sorted set `{prefix}login:pool:{name}`
 * of state keys scored by their expiry, which counts the pool's room. Adding drops expired members,
 * counts, and stores only below the room, in one script; taking is GETDEL and ZREM in one script.
 */

// KEYS: state, pool. ARGV: value, ttl ms, now ms, room. Returns 1, or the oldest member's expiry (ms) when full.
const ADD_SCRIPT = `
local now = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[4]) and not redis.call('ZSCORE', KEYS[2], KEYS[1]) then
  local oldest = redis.call('ZRANGE', KEYS[2], 0, 0, 'WITHSCORES')
  return -tonumber(oldest[2] or now)
end
local expires = now + tonumber(ARGV[2])
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
redis.call('ZADD', KEYS[2], expires, KEYS[1])
if redis.call('PTTL', KEYS[2]) < tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[2], ARGV[2]) end
return 1`;

// KEYS: state, then every pool.
const TAKE_SCRIPT = `
local raw = redis.call('GETDEL', KEYS[1])
for i = 2, #KEYS do redis.call('ZREM', KEYS[i], KEYS[1]) end
return raw`;

export function createRedisPendingStates(redis: Redis, options: { prefix?: string; now?: () => number; room?: PoolRoom } = {}): PendingStateStore {
  const prefix = options.prefix ?? "app:";
  const now = options.now ?? Date.now;
  const room = options.room ?? POOL_ROOM;
  const stateKey = (key: string) => `${prefix}login:${key}`;
  const poolKey = (name: keyof PoolRoom) => `${prefix}login:pool:${name}`;

  return {
    async add(key, state, ttlSeconds) {
      const pool = poolOf(state);
      const time = now();
      const answer = Number(await redis.eval(ADD_SCRIPT, 2, stateKey(key), poolKey(pool), JSON.stringify(state), ttlMs(ttlSeconds), time, room[pool]));
      return answer === 1 ? { added: true } : { added: false, retryAfterSeconds: secondsUntil(-answer, time) };
    },
    async take(key) {
      const raw = (await redis.eval(TAKE_SCRIPT, 3, stateKey(key), poolKey("anonymous"), poolKey("renewal"))) as string | null;
      return parseStored(pendingStateSchema, raw, "login state");
    },
  };
}
