import type { Member, Scope } from "@/lib/contract";

/** A login state waiting for its code (spec 5.3.3), keyed by sha256(state); single use. */
export type PendingState = {
  /** The session the login renews, or a fresh ID that names no session yet. */
  sid: string;
  /** True when the state was issued to a live session of the launch: the login must present its handle. */
  renewal: boolean;
  launchId: string;
  campusOrigin: string;
  /** Epoch milliseconds. */
  expiresAt: number;
};

/**
 * The visitor session of one launch, made by a login and never extended without one. Its sid is new
 * at every login. Token fields are absent after the token ends.
 */
export type SessionRecord = {
  sid: string;
  /** Counts the record's writes: a write that read an older version is refused (lib/session/store.ts). */
  version: number;
  launchId: string;
  /** The origin that answered the handshake ({campus_origin} of the spec). */
  campusOrigin: string;
  accessToken?: string;
  /** Epoch milliseconds. */
  tokenExpiresAt?: number;
  scopes?: Scope[];
  member?: Member;
  /** Epoch milliseconds: the first login of this member in this launch; the absolute lifetime counts from it. */
  createdAt: number;
  /** Epoch milliseconds: the last request that found the session; the idle timeout counts from it. */
  lastSeenAt: number;
  /**
   * Set on the old record when the same member renewed the login: for a few seconds, requests
   * already in flight with the old handle are answered by the new session instead of a 401.
   */
  renewedTo?: string;
};

/** What the browser holds, sealed: which session, for which launch. Never a token. */
export type SessionHandle = { sid: string; launchId: string };
