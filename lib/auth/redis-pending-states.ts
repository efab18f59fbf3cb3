import "server-only";
import type { Redis } from "ioredis";
import { parseStored, ttlMs } from "@/lib/store/redis-ttl-store";
import { pendingStateSchema } from "@/lib/session/records";
import { POOL_ROOM, poolOf, type PendingStateStore, type PoolRoom } from "./pending-states";

/*
 * The pending-state pools of pending-states.ts on Redis, shared by every app process. Each state
 * is `{prefix}login:state:{sha256}` (SET PX). Each pool `{prefix}login:pool:{name}` is a sorted
 * set of state keys scored by their expiry, which counts the pool's room, with beside it:
 *   {pool}:networks       a hash: state key → its three networks, widest first; and #seq below
 *   {pool}:net            the widest networks, scored by the states each holds
 *   {pool}:net:1:{name}   the middle networks within that widest one, likewise
 *   {pool}:net:2:{name}   the narrowest networks within that middle one, likewise
 *   {pool}:net:3:{name}   that narrowest network's state keys, scored by expiry
 * One script drops expired states, makes room by dropping the oldest state of the network holding
 * the most (level by level, and of a tie the network longest at its count, as the memory pool
 * does) and adds; another takes a state. The network
 * keys are named inside the scripts, so the pools need one Redis, not a cluster. Every pool key
 * lives twice a state's life from its last write: a state's expiry is the app's clock, the key's
 * TTL Redis's, and the margin keeps a skew between them from dropping a key whose states count.
 */

// Each network's score says how many states it holds and, among networks holding as many, which
// came to that count first: count * SPAN - seq, where seq is the pool's counter of moves. The
// highest score is then the network holding the most and, of a tie, the one longest at that count,
// as the memory pool's buckets order them. (Ties by name would let a flood spread one state per
// network evict, on its next request, a member whose network's name sorts last.) The counter lives
// in the {pool}:networks hash, so it expires with the pool; SPAN leaves it 2^36 moves.
// forget(pool, state): removes the state from the pool and from its networks' counts.
const FORGET = `
local SPAN = 68719476736
local function node(pool, level, name)
  if level == 0 then return pool .. ':net' end
  return pool .. ':net:' .. level .. ':' .. name
end
local function nextSeq(pool)
  return (redis.call('HINCRBY', pool .. ':networks', '#seq', 1) - 1) % (SPAN - 1) + 1
end
local function count(key, name, delta, seq)
  local score = redis.call('ZSCORE', key, name)
  local held = (score and math.floor(tonumber(score) / SPAN) + 1 or 0) + delta
  if held <= 0 then redis.call('ZREM', key, name) else redis.call('ZADD', key, held * SPAN - seq, name) end
end
local function forget(pool, state)
  redis.call('ZREM', pool, state)
  local path = redis.call('HGET', pool .. ':networks', state)
  if not path then return end
  redis.call('HDEL', pool .. ':networks', state)
  local names = {}
  for name in string.gmatch(path, '%S+') do names[#names + 1] = name end
  redis.call('ZREM', node(pool, 3, names[3]), state)
  local seq = nextSeq(pool)
  for level = 2, 0, -1 do count(node(pool, level, names[level]), names[level + 1], -1, seq) end
  -- The last state gone: only the counter is left, and nothing counts against it.
  if redis.call('HLEN', pool .. ':networks') == 1 then redis.call('DEL', pool .. ':networks') end
end`;

// KEYS: state, pool. ARGV: value, ttl ms, now ms, room, then the three networks, widest first.
const ADD_SCRIPT = `${FORGET}
local state, pool = KEYS[1], KEYS[2]
local ttl, now, room = tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local names = { ARGV[5], ARGV[6], ARGV[7] }
for _, expired in ipairs(redis.call('ZRANGEBYSCORE', pool, '-inf', now)) do forget(pool, expired) end
forget(pool, state)
if redis.call('ZCARD', pool) >= room then
  local key, level = node(pool, 0), 0
  while level < 3 do
    local largest = redis.call('ZREVRANGE', key, 0, 0)[1]
    if not largest then break end
    level = level + 1
    key = node(pool, level, largest)
  end
  local oldest = level == 3 and redis.call('ZRANGE', key, 0, 0)[1]
  if oldest then
    redis.call('DEL', oldest)
    forget(pool, oldest)
  end
end
local expires = now + ttl
redis.call('SET', state, ARGV[1], 'PX', ttl)
redis.call('ZADD', pool, expires, state)
redis.call('HSET', pool .. ':networks', state, table.concat(names, ' '))
redis.call('ZADD', node(pool, 3, names[3]), expires, state)
local keep = 2 * ttl
local seq = nextSeq(pool)
for level = 0, 2 do
  local key = node(pool, level, names[level])
  count(key, names[level + 1], 1, seq)
  redis.call('PEXPIRE', key, keep)
end
for _, key in ipairs({ pool, pool .. ':networks', node(pool, 3, names[3]) }) do redis.call('PEXPIRE', key, keep) end
return 1`;

// KEYS: state, then every pool.
const TAKE_SCRIPT = `${FORGET}
local raw = redis.call('GETDEL', KEYS[1])
for i = 2, #KEYS do forget(KEYS[i], KEYS[1]) end
return raw`;

export function createRedisPendingStates(redis: Redis, options: { prefix?: string; now?: () => number; room?: PoolRoom } = {}): PendingStateStore {
  const prefix = options.prefix ?? "app:";
  const now = options.now ?? Date.now;
  const room = options.room ?? POOL_ROOM;
  const stateKey = (key: string) => `${prefix}login:${key}`;
  const poolKey = (name: keyof PoolRoom) => `${prefix}login:pool:${name}`;

  return {
    async add(key, state, ttlSeconds, networks) {
      const pool = poolOf(state);
      await redis.eval(ADD_SCRIPT, 2, stateKey(key), poolKey(pool), JSON.stringify(state), ttlMs(ttlSeconds), now(), room[pool], ...networks);
    },
    async take(key) {
      const raw = (await redis.eval(TAKE_SCRIPT, 3, stateKey(key), poolKey("anonymous"), poolKey("renewal"))) as string | null;
      return parseStored(pendingStateSchema, raw, "login state");
    },
  };
}
