import "server-only";
import type { Store } from "@/lib/store/ttl-store";

/**
 * State a feature keeps under the session's boundSid, outside its record (the call state, the
 * activity access). The session layer does not know what it holds, only its two rules: a login
 * that renews the session for the same member keeps the boundSid, so the state stays where every
 * request of the session, old handle or new, reads and writes it; a session that ends clears it.
 */
export interface SessionBoundStore {
  clear(boundSid: string): Promise<void>;
}

/** A keyed store as session-bound state: one value per boundSid. */
export function sessionBoundStore<T>(store: Store<T>): SessionBoundStore {
  return {
    async clear(sid) {
      await store.delete(sid);
    },
  };
}
