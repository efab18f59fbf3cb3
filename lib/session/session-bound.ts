import "server-only";
import type { Store } from "./ttl-store";

/**
 * State a feature keeps under the session's sid, outside its record (the call state, the activity
 * access). The session layer does not know what it holds, only its two rules: a login that renews
 * the session for the same member moves it to the new sid; a session that ends clears it.
 */
export interface SessionBoundStore {
  move(fromSid: string, toSid: string): Promise<void>;
  clear(sid: string): Promise<void>;
}

/** A keyed store as session-bound state: one value per sid, moved with `ttlSeconds` afresh. */
export function sessionBoundStore<T>(store: Store<T>, ttlSeconds: number): SessionBoundStore {
  return {
    async move(fromSid, toSid) {
      const value = await store.delete(fromSid);
      if (value) await store.set(toSid, value, ttlSeconds);
    },
    async clear(sid) {
      await store.delete(sid);
    },
  };
}
