import "server-only";
import type { ChainableCommander, Redis } from "ioredis";
import { sha256Hex } from "@/lib/security/random";
import { execAll, parseStored, ttlMs } from "@/lib/store/redis-ttl-store";
import { ACTIVITY_KINDS, activityDefinitionSchema, type ActivityDefinition, type ActivityKind, type ActivityState, type StateOf } from "@/lib/shared/activity-kinds";
import { ACTIVITY_TTL_SECONDS, type ActivityStore } from "./activity-store";
import { hasParts, kindPartsOf, partsOf, type PartType } from "./redis-activity-parts";

/** A write script's answer when the session is gone or of another kind; a script's own refusals are -2 and below. */
const NOT_LIVE = -1;

/**
 * One write of a kind, as one script: it lands only in a live session of that kind, runs `body`,
 * bumps the version and renews the expiry of every key of the session, each part of the kind
 * included (redis-activity-parts.ts), so no key outlives or underlives the others. `body` reads
 * the kind's keys by their part names, the stored definition's fields as `activity` (the poll's
 * `activity.options`, a countdown's duration: in the same step, never read first) and its own
 * arguments as `args[1]`, `args[2]`…; it may `return` a code of -2 or below before it writes, to
 * refuse. A time the write needs (a start, a pause) is an argument from the route's clock
 * (`deps.now()`), never Redis's own TIME, so one clock serves the stores and the views.
 */
function writeScript(kind: ActivityKind, body: string): string {
  const names = partsOf(kind).map(([name]) => name);
  const locals = names.length ? `local ${names.join(", ")} = ${names.map((_, index) => `KEYS[${index + 3}]`).join(", ")}` : "";
  return `
local definition, version = KEYS[1], KEYS[2]
${locals}
local args = { unpack(ARGV, 3) }
local stored = redis.call('GET', definition)
if not stored then return ${NOT_LIVE} end
local activity = cjson.decode(stored)
if activity.kind ~= ARGV[1] then return ${NOT_LIVE} end
${body}
local bumped = redis.call('INCR', version)
for _, key in ipairs(KEYS) do redis.call('PEXPIRE', key, ARGV[2]) end
return bumped`;
}

const CLOSED = -2;
const NO_SUCH_OPTION = -3;
const FULL = -2;
// A vote lands only in an open poll, on one of the options its definition holds: one field per member.
const VOTE_SCRIPT = writeScript("poll", `if redis.call('EXISTS', closed) == 1 then return ${CLOSED} end
local option = tonumber(args[2])
if option < 0 or option >= #activity.options then return ${NO_SUCH_OPTION} end
redis.call('HSET', votes, args[1], args[2])`);
const CLOSE_SCRIPT = writeScript("poll", `redis.call('SET', closed, '1')`);
// A note is appended only below the cap, never after a separate count.
const NOTE_SCRIPT = writeScript("notes", `if redis.call('LLEN', notes) >= tonumber(args[2]) then return ${FULL} end
redis.call('RPUSH', notes, args[1])`);

const READ_PART: Record<PartType, (multi: ChainableCommander, key: string) => ChainableCommander> = {
  hash: (multi, key) => multi.hgetall(key),
  list: (multi, key) => multi.lrange(key, 0, -1),
  flag: (multi, key) => multi.exists(key),
};
const RAW_PART: Record<PartType, (reply: unknown) => unknown> = {
  hash: (reply) => reply ?? {},
  list: (reply) => reply ?? [],
  flag: (reply) => reply === 1,
};

// Every kind's parts in one list: one MULTI reads them all (a kind's keys exist only in a session
// of that kind), and the definition's kind says whose replies count. A kind still without parts
// (being added) is left out here, so the other kinds work while it is written.
const EVERY_PART = ACTIVITY_KINDS.filter(hasParts).flatMap((kind) => partsOf(kind).map(([name, type]) => ({ kind, name, type })));

/**
 * The activity store on Redis. Keys carry sha256 of the session key, never the key itself, so a
 * key listing or a monitor of the shared store does not show it.
 */
export function createRedisActivityStore(redis: Redis, prefix = "app:"): ActivityStore {
  const keysOf = (hash: string) => {
    const base = `${prefix}activity:${hash}`;
    const part = (kind: ActivityKind, name: string) => `${base}:${kind}:${name}`;
    return {
      definition: `${base}:definition`,
      version: `${base}:version`,
      part,
      /** The kind's keys, in the order a write script names them. */
      parts: (kind: ActivityKind) => partsOf(kind).map(([name]) => part(kind, name)),
      /** Every part of every kind: what `create` clears, and `remove` and an eviction delete with the definition and version. */
      everyPart: () => EVERY_PART.map(({ kind, name }) => part(kind, name)),
    };
  };
  const keys = (sessionKey: string) => keysOf(sha256Hex(sessionKey));
  const allKeys = (key: ReturnType<typeof keysOf>) => [key.definition, key.version, ...key.everyPart()];
  const groupKey = (group: string) => `${prefix}activity:group:${sha256Hex(group)}`;
  const ttl = ttlMs(ACTIVITY_TTL_SECONDS);

  async function read(sessionKey: string): Promise<ActivityState | undefined> {
    const key = keys(sessionKey);
    const multi = redis.multi().get(key.definition).get(key.version);
    for (const { kind, name, type } of EVERY_PART) READ_PART[type](multi, key.part(kind, name));
    const [rawDefinition, rawVersion, ...replies] = await execAll(multi);
    const definition = parseStored(activityDefinitionSchema, typeof rawDefinition === "string" ? rawDefinition : null, "activity");
    if (!definition) return undefined;
    const ofItsKind = EVERY_PART.flatMap(({ kind, name, type }, index) => (kind === definition.kind ? [[name, RAW_PART[type](replies[index])]] : []));
    const toState = kindPartsOf(definition.kind).state as (definition: ActivityDefinition, raw: object, version: number) => ActivityState;
    return toState(definition, Object.fromEntries(ofItsKind), Number(rawVersion ?? 0) || 0);
  }

  async function readOfKind<K extends ActivityKind>(sessionKey: string, kind: K): Promise<StateOf<K> | undefined> {
    const state = await read(sessionKey);
    return state?.kind === kind ? (state as StateOf<K>) : undefined;
  }

  /** Runs a write script of the kind with the session's keys; its answer: the new version, NOT_LIVE or the script's refusal. */
  async function write(kind: ActivityKind, sessionKey: string, script: string, ...args: string[]): Promise<number> {
    const key = keys(sessionKey);
    const handed = [key.definition, key.version, ...key.parts(kind)];
    return Number(await redis.eval(script, handed.length, ...handed, kind, String(ttl), ...args));
  }

  return {
    async create(sessionKey, definition, cap) {
      const key = keys(sessionKey);
      await execAll(
        redis.multi().set(key.definition, JSON.stringify(definition), "PX", ttl).del(...key.everyPart()).set(key.version, "0", "PX", ttl),
      );
      if (!cap) return;
      // The group is a list of hashes, oldest first: push, read the overflow and trim it in one step.
      const group = groupKey(cap.group);
      const [, , overflow] = await execAll(
        redis.multi().rpush(group, sha256Hex(sessionKey)).pexpire(group, ttl).lrange(group, 0, -(cap.keep + 1)).ltrim(group, -cap.keep, -1),
      );
      const evicted = (overflow as string[]).flatMap((hash) => allKeys(keysOf(hash)));
      if (evicted.length) await redis.del(...evicted);
    },
    read,
    async vote(sessionKey, userId, option) {
      const answer = await write("poll", sessionKey, VOTE_SCRIPT, userId, String(option));
      if (answer === CLOSED) return "closed";
      if (answer === NO_SUCH_OPTION) return "no-such-option";
      return answer === NOT_LIVE ? undefined : readOfKind(sessionKey, "poll");
    },
    async closePoll(sessionKey) {
      const answer = await write("poll", sessionKey, CLOSE_SCRIPT);
      return answer === NOT_LIVE ? undefined : readOfKind(sessionKey, "poll");
    },
    async postNote(sessionKey, note, max) {
      const answer = await write("notes", sessionKey, NOTE_SCRIPT, JSON.stringify(note), String(max));
      if (answer === FULL) return "full";
      return answer === NOT_LIVE ? undefined : readOfKind(sessionKey, "notes");
    },
    async remove(sessionKey) {
      await redis.del(...allKeys(keys(sessionKey)));
    },
  };
}
