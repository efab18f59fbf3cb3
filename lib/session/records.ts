import type { Member, Scope } from "@/lib/contract";

/** A login state waiting for its code (spec 5.3.3), keyed by sha256(state); single use. */
export type PendingState = {
  sid: string;
  launchId: string;
  campusOrigin: string;
  /** Epoch milliseconds. */
  expiresAt: number;
};

/** The visitor session of one launch. Token fields are absent until login completes, or after the token ends. */
export type SessionRecord = {
  sid: string;
  launchId: string;
  /** The origin that answered the handshake ({campus_origin} of the spec). */
  campusOrigin: string;
  accessToken?: string;
  /** Epoch milliseconds. */
  tokenExpiresAt?: number;
  scopes?: Scope[];
  member?: Member;
  /** Epoch milliseconds. */
  createdAt: number;
};

/** What the browser holds, sealed: which session, for which launch. Never a token. */
export type SessionHandle = { sid: string; launchId: string };
