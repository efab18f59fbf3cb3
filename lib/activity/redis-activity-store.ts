import "server-only";
import type { Redis } from "ioredis";
import { z } from "zod";
import { sha256Hex } from "@/lib/security/random";
import { execAll, parseStored, ttlMs } from "@/lib/store/redis-ttl-store";
import { activityDefinitionSchema, type ActivityState } from "@/lib/shared/activity-kinds";
import { noteSchema } from "@/lib/shared/notes";
import { ACTIVITY_TTL_SECONDS, type ActivityStore } from "./activity-store";

// Lands only in a live session of the kind the write is for (KEYS[1] the definition, ARGV[1] the kind).
const LIVE_OF_KIND = `
local definition = redis.call('GET', KEYS[1])
if not definition then return -1 end
if (cjson.decode(definition).kind or 'poll') ~= ARGV[1] then return -1 end`;

// One step: a vote lands only in a live poll, bumps the version and renews the session's TTL.
const VOTE_SCRIPT = `${LIVE_OF_KIND}
redis.call('HSET', KEYS[2], ARGV[2], ARGV[3])
local version = redis.call('INCR', KEYS[3])
for _, key in ipairs(KEYS) do redis.call('PEXPIRE', key, ARGV[4]) end
return version`;

// One step, the same way: a note is appended only below the cap (-2 at it), never after a separate count.
const NOTE_SCRIPT = `${LIVE_OF_KIND}
if redis.call('LLEN', KEYS[2]) >= tonumber(ARGV[3]) then return -2 end
redis.call('RPUSH', KEYS[2], ARGV[2])
local version = redis.call('INCR', KEYS[3])
for _, key in ipairs(KEYS) do redis.call('PEXPIRE', key, ARGV[4]) end
return version`;

const votesSchema = z.record(z.string(), z.coerce.number().int().nonnegative());

/**
 * The activity store on Redis. Keys carry sha256 of the session key, never the key itself, so a
 * key listing or a monitor of the shared store does not show it.
 */
export function createRedisActivityStore(redis: Redis, prefix = "app:"): ActivityStore {
  const keysOf = (hash: string) => {
    const base = `${prefix}activity:${hash}`;
    // Every kind's definition lives under `:poll`, where the polls already stored are.
    return { definition: `${base}:poll`, votes: `${base}:votes`, notes: `${base}:notes`, version: `${base}:version` };
  };
  const keys = (sessionKey: string) => keysOf(sha256Hex(sessionKey));
  const groupKey = (group: string) => `${prefix}activity:group:${sha256Hex(group)}`;
  const ttl = ttlMs(ACTIVITY_TTL_SECONDS);

  async function read(sessionKey: string): Promise<ActivityState | undefined> {
    const key = keys(sessionKey);
    const [rawDefinition, rawVotes, rawNotes, rawVersion] = await execAll(
      redis.multi().get(key.definition).hgetall(key.votes).lrange(key.notes, 0, -1).get(key.version),
    );
    const definition = parseStored(activityDefinitionSchema, typeof rawDefinition === "string" ? rawDefinition : null, "activity");
    if (!definition) return undefined;
    const version = Number(rawVersion ?? 0) || 0;
    if (definition.kind === "poll") {
      const votes = votesSchema.safeParse(rawVotes);
      return { ...definition, votes: votes.success ? votes.data : {}, version };
    }
    // A note that does not read back as one is left out, not shown half.
    const notes = (rawNotes as string[]).flatMap((raw) => parseStored(noteSchema, raw, "note") ?? []);
    return { ...definition, notes, version };
  }

  return {
    async create(sessionKey, definition, cap) {
      const key = keys(sessionKey);
      await execAll(
        redis.multi().set(key.definition, JSON.stringify(definition), "PX", ttl).del(key.votes, key.notes).set(key.version, "0", "PX", ttl),
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
      const version = await redis.eval(VOTE_SCRIPT, 3, key.definition, key.votes, key.version, "poll", userId, String(option), String(ttl));
      const state = version === -1 ? undefined : await read(sessionKey);
      return state?.kind === "poll" ? state : undefined;
    },
    async postNote(sessionKey, note, max) {
      const key = keys(sessionKey);
      const version = await redis.eval(NOTE_SCRIPT, 3, key.definition, key.notes, key.version, "notes", JSON.stringify(note), String(max), String(ttl));
      if (version === -2) return "full";
      const state = version === -1 ? undefined : await read(sessionKey);
      return state?.kind === "notes" ? state : undefined;
    },
    async remove(sessionKey) {
      const key = keys(sessionKey);
      await redis.del(key.definition, key.votes, key.notes, key.version);
    },
  };
}
