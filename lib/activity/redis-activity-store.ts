import "server-only";
import type { Redis } from "ioredis";
import { z } from "zod";
import { sha256Hex } from "@/lib/security/random";
import { execAll, parseStored, ttlMs } from "@/lib/store/redis-ttl-store";
import { ACTIVITY_TTL_SECONDS, type ActivityStore } from "./activity-store";
import { pollDefinitionSchema, type PollState } from "@/lib/shared/poll";

// One step: a vote lands only in a live session, bumps the version and renews the session's TTL.
const VOTE_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 0 then return -1 end
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
local version = redis.call('INCR', KEYS[3])
for _, key in ipairs(KEYS) do redis.call('PEXPIRE', key, ARGV[3]) end
return version`;

/**
 * The activity store on Redis. Keys carry sha256 of the session key, never the key itself, so a
 * key listing or a monitor of the shared store does not show it.
 */
export function createRedisActivityStore(redis: Redis, prefix = "app:"): ActivityStore {
  const keysOf = (hash: string) => {
    const base = `${prefix}activity:${hash}`;
    return { poll: `${base}:poll`, votes: `${base}:votes`, version: `${base}:version` };
  };
  const keys = (sessionKey: string) => keysOf(sha256Hex(sessionKey));
  const groupKey = (group: string) => `${prefix}activity:group:${sha256Hex(group)}`;
  const ttl = ttlMs(ACTIVITY_TTL_SECONDS);

  async function read(sessionKey: string): Promise<PollState | undefined> {
    const key = keys(sessionKey);
    const [rawPoll, rawVotes, rawVersion] = await execAll(redis.multi().get(key.poll).hgetall(key.votes).get(key.version));
    const poll = parseStored(pollDefinitionSchema, typeof rawPoll === "string" ? rawPoll : null, "poll");
    if (!poll) return undefined;
    const votes = z.record(z.string(), z.coerce.number().int().nonnegative()).safeParse(rawVotes);
    return { ...poll, votes: votes.success ? votes.data : {}, version: Number(rawVersion ?? 0) || 0 };
  }

  return {
    async create(sessionKey, poll, cap) {
      const key = keys(sessionKey);
      await execAll(
        redis.multi().set(key.poll, JSON.stringify(poll), "PX", ttl).del(key.votes).set(key.version, "0", "PX", ttl),
      );
      if (!cap) return;
      // The group is a list of hashes, oldest first: push, read the overflow and trim it in one step.
      const group = groupKey(cap.group);
      const [, , overflow] = await execAll(
        redis.multi().rpush(group, sha256Hex(sessionKey)).pexpire(group, ttl).lrange(group, 0, -(cap.keep + 1)).ltrim(group, -cap.keep, -1),
      );
      const evicted = (overflow as string[]).flatMap((hash) => Object.values(keysOf(hash)));
      if (evicted.length) await redis.del(...evicted);
    },
    read,
    async vote(sessionKey, userId, option) {
      const key = keys(sessionKey);
      const version = await redis.eval(VOTE_SCRIPT, 3, key.poll, key.votes, key.version, userId, String(option), String(ttl));
      return version === -1 ? undefined : read(sessionKey);
    },
    async remove(sessionKey) {
      const key = keys(sessionKey);
      await redis.del(key.poll, key.votes, key.version);
    },
  };
}
