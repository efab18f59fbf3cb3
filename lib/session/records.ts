import { z } from "zod";
import { memberSchema, scopeSchema } from "@/lib/contract";

/*
 * The session records, as schemas with their types inferred. A shared store holds them as JSON
 * and checks them when read back: another process, or another version of this app during a
 * deploy, may have written them.
 */

/** A login state waiting for its code (spec 5.3.3), keyed by sha256(state); single use. */
export const pendingStateSchema = z.object({
  /** The session the login renews, or a fresh ID that names no session yet. */
  sid: z.string(),
  /** True when the state was issued to a live session of the launch: the login must present its handle. */
  renewal: z.boolean(),
  launchId: z.string(),
  campusOrigin: z.string(),
  /** Epoch milliseconds. */
  expiresAt: z.number(),
});
export type PendingState = z.infer<typeof pendingStateSchema>;

/**
 * The visitor session of one launch, made by a login and never extended without one. Its sid is new
 * at every login. Token fields are absent after the token ends.
 */
export const sessionRecordSchema = z.object({
  sid: z.string(),
  /** Counts the record's writes: a write that read an older version is refused (lib/store/ttl-store.ts). */
  version: z.number().int(),
  launchId: z.string(),
  /** The origin that answered the handshake ({campus_origin} of the spec). */
  campusOrigin: z.string(),
  accessToken: z.string().optional(),
  /** Epoch milliseconds. */
  tokenExpiresAt: z.number().optional(),
  scopes: z.array(scopeSchema).optional(),
  member: memberSchema.optional(),
  /** Epoch milliseconds: the first login of this member in this launch; the absolute lifetime counts from it. */
  createdAt: z.number(),
  /** Epoch milliseconds: the last request that found the session; the idle timeout counts from it. */
  lastSeenAt: z.number(),
  /**
   * Set on the old record when the same member renewed the login: for a few seconds, requests
   * already in flight with the old handle are answered by the new session instead of a 401.
   */
  renewedTo: z.string().optional(),
  /**
   * The sid the session's bound state (call state, activity access) is kept under: the first
   * login's, carried by every renewal of the same member, so a request that read the session
   * before a renewal reads and writes the same state as the renewed session. Absent: the record's own sid.
   */
  boundSid: z.string().optional(),
});
export type SessionRecord = z.infer<typeof sessionRecordSchema>;

/** The key of what the session-bound stores keep for this session (lib/session/session-bound.ts). */
export function boundSidOf(record: SessionRecord): string {
  return record.boundSid ?? record.sid;
}

/** What the browser holds, sealed: which session, for which launch. Never a token. */
export const sessionHandleSchema = z.object({ sid: z.string().min(1), launchId: z.string().min(1).max(128) });
export type SessionHandle = z.infer<typeof sessionHandleSchema>;
