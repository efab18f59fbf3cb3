import "server-only";
import type { Member, Scope } from "@/lib/contract";
import { AppError } from "@/lib/errors";
import { readSessionHandle, type SessionCredentials } from "./session-credentials";
import { getLiveSession, sessionTtlSeconds, touchSession } from "./lifetime";
import { boundSidOf, type SessionRecord } from "./records";
import type { SessionSecret } from "./secrets";
import type { VersionedStore } from "@/lib/store/ttl-store";

/** What resolving a session needs. Versioned: a write that read an older record changes nothing (a renewal is never lost). */
export type SessionDeps = { sessions: VersionedStore<SessionRecord>; sessionSecret: SessionSecret; now: () => number };

/**
 * A session with a live campus token. IDs come from here, never from the browser. `sid` names its
 * record; `boundSid` its call state and activity access, which outlive renewals.
 */
export type VisitorSession = SessionRecord & {
  boundSid: string;
  accessToken: string;
  tokenExpiresAt: number;
  scopes: Scope[];
  member: Member;
};

const SIGN_IN_AGAIN = "Sign in again";

/** Resolves the visitor session of an API request, or throws 401 INVALID_TOKEN. */
export async function getVisitorSession(credentials: SessionCredentials, deps: SessionDeps): Promise<VisitorSession> {
  const handle = await readSessionHandle(credentials, deps.sessionSecret);
  const now = deps.now();
  // Past its idle timeout or absolute lifetime, the session is gone (lib/session/lifetime.ts). A
  // renewed session's old handle leads to the renewed record, whose sid and boundSid it then uses.
  const record = handle && (await getLiveSession(deps.sessions, handle.sid, credentials.launchId, now));
  if (!record) throw new AppError("INVALID_TOKEN", SIGN_IN_AGAIN);

  const { accessToken, tokenExpiresAt, scopes, member } = record;
  if (!accessToken || tokenExpiresAt === undefined || !scopes || !member) {
    throw new AppError("INVALID_TOKEN", SIGN_IN_AGAIN);
  }
  // Spec part 3: tokens live 900 s with no refresh; a new code from the iframe renews the login.
  if (tokenExpiresAt <= now) {
    await dropToken(record, deps, now);
    throw new AppError("INVALID_TOKEN", "Your session expired; sign in again");
  }
  const current = await touchSession(deps.sessions, record, now);
  return { ...current, boundSid: boundSidOf(current), accessToken, tokenExpiresAt, scopes, member };
}

/** The record stays for a renewal in the same launch, without its token; a newer record (a renewal) is kept as it is. */
async function dropToken(record: SessionRecord, deps: SessionDeps, now: number) {
  const { accessToken: _token, tokenExpiresAt: _expiry, ...rest } = record;
  await deps.sessions.replace(record.sid, rest, sessionTtlSeconds(rest, now));
}
