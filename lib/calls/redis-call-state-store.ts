import "server-only";
import type { Redis } from "ioredis";
import { createRedisStore, execAll, parseStored, ttlMs } from "@/lib/store/redis-ttl-store";
import {
  CALL_STATE_TTL_SECONDS,
  UNSETTLED_CLIENT_ID_TTL_SECONDS,
  commandRecordSchema,
  grantBindingSchema,
  presentationBindingSchema,
  unsettledCommandSchema,
  type CallStateStore,
} from "./call-state-store";

/*
 * The session's call state on Redis, laid out as call-state-store.ts describes: a key for the
 * grant, a hash with one field per command (concurrent writes of one session touch different
 * fields), a key for the presentation, a key for the unsettled command. Values are checked against the records' schemas when read back.
 */

// Compare-and-delete in one step: drops the presentation only while it is still this one.
const DROP_PRESENTATION_SCRIPT = `
local raw = redis.call('GET', KEYS[1])
if raw and cjson.decode(raw).presentationId == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

// Compare-and-delete in one step: settles the unsettled command only while it is still this clientId.
const SETTLE_SCRIPT = `
local raw = redis.call('GET', KEYS[1])
if raw and cjson.decode(raw).clientId == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

export function createRedisCallStateStore(redis: Redis, prefix = "app:"): CallStateStore {
  const grants = createRedisStore(redis, { prefix: `${prefix}call:grant:`, schema: grantBindingSchema, what: "grant binding" });
  const presentations = createRedisStore(redis, { prefix: `${prefix}call:presentation:`, schema: presentationBindingSchema, what: "presentation" });
  const unsettled = createRedisStore(redis, { prefix: `${prefix}call:unsettled:`, schema: unsettledCommandSchema, what: "unsettled command" });
  const commandsKey = (sid: string) => `${prefix}call:commands:${sid}`;
  const presentationKey = (sid: string) => `${prefix}call:presentation:${sid}`;
  const unsettledKey = (sid: string) => `${prefix}call:unsettled:${sid}`;
  const keysOf = (sid: string) => [`${prefix}call:grant:${sid}`, commandsKey(sid), presentationKey(sid), unsettledKey(sid)];

  return {
    getGrant: (sid) => grants.get(sid),
    setGrant: (sid, binding) => grants.set(sid, binding, CALL_STATE_TTL_SECONDS),
    async listCommands(sid) {
      const fields = await redis.hgetall(commandsKey(sid));
      return Object.values(fields).flatMap((raw) => parseStored(commandRecordSchema, raw, "command") ?? []);
    },
    async putCommand(sid, record) {
      // The hash lives as long as its newest command, like the memory store's.
      await execAll(
        redis
          .multi()
          .hset(commandsKey(sid), record.ref, JSON.stringify(record))
          .pexpire(commandsKey(sid), ttlMs(CALL_STATE_TTL_SECONDS)),
      );
    },
    async deleteCommand(sid, ref) {
      await redis.hdel(commandsKey(sid), ref);
    },
    getPresentation: (sid) => presentations.get(sid),
    setPresentation: (sid, binding) => presentations.set(sid, binding, CALL_STATE_TTL_SECONDS),
    takePresentation: (sid) => presentations.delete(sid),
    async dropPresentation(sid, presentationId) {
      await redis.eval(DROP_PRESENTATION_SCRIPT, 1, presentationKey(sid), presentationId);
    },
    async getUnsettledClientId(sid, payloadKey) {
      const held = await unsettled.get(sid);
      return held?.payloadKey === payloadKey ? held.clientId : undefined;
    },
    holdUnsettledClientId: (sid, payloadKey, clientId) => unsettled.set(sid, { payloadKey, clientId }, UNSETTLED_CLIENT_ID_TTL_SECONDS),
    async settleClientId(sid, clientId) {
      await redis.eval(SETTLE_SCRIPT, 1, unsettledKey(sid), clientId);
    },
    async clear(sid) {
      await redis.del(...keysOf(sid));
    },
  };
}
