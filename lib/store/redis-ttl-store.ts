import "server-only";
import type { ChainableCommander, Redis } from "ioredis";
import { z } from "zod";
import { logWarning } from "@/lib/log";
import type { Store, Versioned, VersionedStore } from "./ttl-store";

/**
 * Reads a value another process may have written (or an older version of this app, during a
 * deploy): a value off its schema reads as absent, as an expired one does.
 */
export function parseStored<T>(schema: z.ZodType<T>, raw: string | null, what: string): T | undefined {
  if (raw === null) return undefined;
  let payload: unknown;
  try {
    payload = JSON.parse(raw);
  } catch {
    payload = undefined;
  }
  const result = schema.safeParse(payload);
  if (result.success) return result.data;
  logWarning("redis.off-schema", { what });
  return undefined;
}

/** TTL in whole milliseconds (PX), as the memory store counts it; none left means gone. */
export function ttlMs(ttlSeconds: number): number {
  return Math.round(ttlSeconds * 1000);
}

/** Runs a MULTI block; a command that failed inside it fails the whole call, as a single command would. */
export async function execAll(transaction: ChainableCommander): Promise<unknown[]> {
  const results = await transaction.exec();
  if (!results) throw new Error("redis: transaction aborted");
  return results.map(([error, result]) => {
    if (error) throw error;
    return result;
  });
}

/** Seals a value at rest, bound to its key (lib/session/record-cipher.ts is the one the sessions use). */
export type RecordCipher = {
  /** The plaintext sealed under the current key, bound to `context` (the record's key). */
  seal(plaintext: string, context: string): string;
  /** The plaintext, under the current key or a previous one; undefined when it does not open. */
  open(sealed: string, context: string): string | undefined;
};

export type RedisStoreOptions<T> = {
  prefix: string;
  schema: z.ZodType<T>;
  what: string;
  /**
   * Encrypts each value at rest (lib/session/record-cipher.ts), bound to its key. Stored as
   * `{"version":…,"sealed":…}`: the version stays readable for the versioned writes' scripts.
   */
  cipher?: RecordCipher;
};

const sealedSchema = z.object({ sealed: z.string() });

/** A value as stored under `key`: JSON, or with a cipher its sealed JSON in an envelope. */
function encode<T>(value: T, key: string, cipher: RecordCipher | undefined): string {
  if (!cipher) return JSON.stringify(value);
  const version = (value as Partial<Versioned>).version;
  return JSON.stringify({ ...(typeof version === "number" ? { version } : {}), sealed: cipher.seal(JSON.stringify(value), key) });
}

/** What encode stored; a sealed value that does not open (another secret, another key) reads as absent. */
function decode<T>(raw: string | null, key: string, options: RedisStoreOptions<T>): T | undefined {
  const { cipher } = options;
  if (raw === null || !cipher) return parseStored(options.schema, raw, options.what);
  const envelope = parseStored(sealedSchema, raw, options.what);
  const plaintext = envelope && cipher.open(envelope.sealed, key);
  if (envelope && plaintext === undefined) logWarning("redis.unopened", { what: options.what });
  return parseStored(options.schema, plaintext ?? null, options.what);
}

/**
 * The Store of lib/store/ttl-store.ts on Redis, one key per value under `prefix`: SET PX for the
 * TTL, GETDEL for the single-use delete (atomic: of concurrent consumers, only one gets the value).
 */
export function createRedisStore<T>(redis: Redis, options: RedisStoreOptions<T>): Store<T> {
  const key = (name: string) => `${options.prefix}${name}`;
  return {
    get: async (name) => decode(await redis.get(key(name)), key(name), options),
    async set(name, value, ttlSeconds) {
      const ms = ttlMs(ttlSeconds);
      if (ms <= 0) await redis.del(key(name));
      else await redis.set(key(name), encode(value, key(name), options.cipher), "PX", ms);
    },
    delete: async (name) => decode(await redis.getdel(key(name)), key(name), options),
  };
}

// Compare-and-set on the stored value's version, in one step: a write that read an older version changes nothing.
const REPLACE_IF_VERSION_SCRIPT = `
local raw = redis.call('GET', KEYS[1])
if not raw then return 0 end
local ok, stored = pcall(cjson.decode, raw)
if not ok or type(stored) ~= 'table' or stored.version ~= tonumber(ARGV[1]) then return 0 end
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
return 1`;

const DELETE_IF_VERSION_SCRIPT = `
local raw = redis.call('GET', KEYS[1])
if not raw then return 0 end
local ok, stored = pcall(cjson.decode, raw)
if not ok or type(stored) ~= 'table' or stored.version ~= tonumber(ARGV[1]) then return 0 end
return redis.call('DEL', KEYS[1])`;

/** The VersionedStore of lib/store/ttl-store.ts on Redis: the Store above, and its versioned writes as Lua scripts. */
export function createRedisVersionedStore<T extends Versioned>(redis: Redis, options: RedisStoreOptions<T>): VersionedStore<T> {
  const key = (name: string) => `${options.prefix}${name}`;
  return {
    ...createRedisStore(redis, options),
    async replace(name, value, ttlSeconds) {
      const ms = Math.max(1, ttlMs(ttlSeconds));
      const next = encode({ ...value, version: value.version + 1 }, key(name), options.cipher);
      return (await redis.eval(REPLACE_IF_VERSION_SCRIPT, 1, key(name), value.version, next, ms)) === 1;
    },
    async deleteIfVersion(name, version) {
      return (await redis.eval(DELETE_IF_VERSION_SCRIPT, 1, key(name), version)) === 1;
    },
  };
}
