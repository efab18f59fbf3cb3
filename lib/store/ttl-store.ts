import "server-only";
import { createExpiringMap } from "@/lib/store/expiring-map";

/**
 * Where server-side session data lives: keyed values that expire. Minimal and async so that a
 * shared store (Redis: GET, SET PX, GETDEL; lib/store/redis-ttl-store.ts) can replace the
 * in-memory one without touching callers.
 */
export interface Store<T> {
  get(key: string): Promise<T | undefined>;
  set(key: string, value: T, ttlSeconds: number): Promise<void>;
  /** Removes the key and returns what it held, in one step, so single-use values are consumed once. */
  delete(key: string): Promise<T | undefined>;
}

/** The in-memory store, with a compare-and-delete that a shared store would run as one script. */
export type MemoryStore<T> = Store<T> & {
  /** Removes the key only while its value matches, in one step; true when it did. */
  deleteIf(key: string, matches: (value: T) => boolean): Promise<boolean>;
  /** Writes the key only while its current value matches, in one step; true when it did. */
  setIf(key: string, matches: (value: T) => boolean, value: T, ttlSeconds: number): Promise<boolean>;
};

/** A value that counts its writes: a write names the version it read. */
export type Versioned = { version: number };

/**
 * A store whose writes cannot overwrite a newer value: `replace` and `deleteIfVersion` act only
 * while the stored value still has the version the caller read, in one step (Redis: one script).
 */
export type VersionedStore<T extends Versioned> = Store<T> & {
  /** Stores `value` as version `value.version + 1` if the stored one is still `value.version`; false when it changed or is gone. */
  replace(key: string, value: T, ttlSeconds: number): Promise<boolean>;
  /** Deletes the key only while it holds `version`; false when it changed or is gone. */
  deleteIfVersion(key: string, version: number): Promise<boolean>;
};

/**
 * One process only: sessions are lost on restart and not shared between instances.
 * Values are kept as JSON, as the shared store keeps them: callers cannot mutate a stored record,
 * and a value that would not survive Redis does not survive here either. Parsing a record out is
 * also about twice as fast as `structuredClone`, and every API request reads its session.
 */
export function createMemoryStore<T>(options: { now?: () => number; maxEntries?: number } = {}): MemoryStore<T> {
  const entries = createExpiringMap<string>(options);
  const ms = (ttlSeconds: number) => ttlSeconds * 1000;
  const read = (json: string | undefined): T | undefined => (json === undefined ? undefined : (JSON.parse(json) as T));

  return {
    async get(key) {
      return read(entries.get(key));
    },
    async set(key, value, ttlSeconds) {
      entries.set(key, JSON.stringify(value), ms(ttlSeconds));
    },
    async delete(key) {
      return read(entries.delete(key));
    },
    async deleteIf(key, matches) {
      const value = read(entries.get(key));
      if (value === undefined || !matches(value)) return false;
      entries.delete(key);
      return true;
    },
    async setIf(key, matches, value, ttlSeconds) {
      const stored = read(entries.get(key));
      if (stored === undefined || !matches(stored)) return false;
      entries.set(key, JSON.stringify(value), ms(ttlSeconds));
      return true;
    },
  };
}

/** The memory store with versioned writes: each check and write runs with no await between them. */
export function createMemoryVersionedStore<T extends Versioned>(options: { now?: () => number } = {}): VersionedStore<T> {
  const store = createMemoryStore<T>(options);
  return {
    get: store.get,
    set: store.set,
    delete: store.delete,
    replace: (key, value, ttlSeconds) =>
      store.setIf(key, (stored) => stored.version === value.version, { ...value, version: value.version + 1 }, ttlSeconds),
    deleteIfVersion: (key, version) => store.deleteIf(key, (stored) => stored.version === version),
  };
}
