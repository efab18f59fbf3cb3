import "server-only";
import { LRUCache } from "lru-cache";
import type { SessionHandle } from "./records";

/**
 * Handles this process has already unsealed, or sealed itself (lib/session/handle.ts), by the part
 * of their seal that its MAC covers (handle.ts refuses any other suffix before it looks here).
 * Unsealing is several WebCrypto steps (about half a millisecond), paid on every API request, and
 * a presentation heartbeats every five seconds (spec 4.9). A seal is immutable and carries its own
 * expiry, so a handle verified once is remembered until that expiry and never past it. Nothing
 * here is a session: revoking or ending one happens in the session store, which every request
 * still reads.
 */
export type UnsealedHandles = {
  get(seal: string, secret: string): SessionHandle | undefined;
  /** Remembers a handle that `seal` was verified to hold, until `expiresAt` (epoch ms). */
  remember(seal: string, secret: string, handle: SessionHandle, expiresAt: number): void;
};

type Entry = { secret: string; handle: SessionHandle; expiresAt: number };

/**
 * What an entry costs besides its strings' characters: the entry and handle objects and the
 * cache's own slots (measured on Node 24: about 390 bytes a handle).
 */
const ENTRY_OVERHEAD_BYTES = 400;

/** An entry's bytes, roughly: its strings' characters (a seal is ASCII) and the fixed overhead. */
function entryBytes(entry: Entry, seal: string): number {
  return seal.length + entry.secret.length + entry.handle.sid.length + entry.handle.launchId.length + ENTRY_OVERHEAD_BYTES;
}

/**
 * Least recently used first out (lru-cache); a lookup makes its entry the most recent. Bounded in
 * entries and in bytes (`maxBytes`), whichever fills first: a seal's length decides its entry's size.
 */
export function createUnsealedHandles(options: { maxEntries: number; maxBytes: number; now?: () => number }): UnsealedHandles {
  const now = options.now ?? (() => Date.now());
  const entries = new LRUCache<string, Entry>({
    max: options.maxEntries,
    maxSize: options.maxBytes,
    sizeCalculation: entryBytes,
    perf: { now },
    ttlResolution: 0,
  });

  return {
    get(seal, secret) {
      const entry = entries.get(seal);
      if (!entry) return undefined;
      // A seal made with another secret is not this process's to trust.
      if (entry.secret !== secret || entry.expiresAt <= now()) {
        entries.delete(seal);
        return undefined;
      }
      return { ...entry.handle };
    },
    remember(seal, secret, handle, expiresAt) {
      if (expiresAt <= now()) return;
      entries.set(seal, { secret, handle: { ...handle }, expiresAt }, { ttl: expiresAt - now() });
    },
  };
}

/**
 * The expiry an iron seal carries (`Fe26.2*id*salt*iv*data*expiration*salt*hmac`, then iron-session's
 * `~version`), in epoch ms. Only read after the seal was verified: the HMAC covers this field.
 */
export function sealExpiry(seal: string): number | undefined {
  const expiration = seal.split("~", 1)[0]!.split("*")[5];
  return expiration && /^[1-9]\d*$/.test(expiration) ? Number(expiration) : undefined;
}
