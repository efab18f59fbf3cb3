import "server-only";
import type { CampusApi } from "@/lib/campus-api";
import type { Member } from "@/lib/contract";
import { AppError } from "@/lib/errors";
import type { SessionCredentials } from "@/lib/session/session-credentials";
import { getVisitorSession, type SessionDeps, type VisitorSession } from "@/lib/session/get-visitor-session";
import { sessionTtlSeconds } from "@/lib/session/lifetime";
import type { SessionRecord } from "@/lib/session/records";
import type { SessionBoundStore } from "@/lib/session/session-bound";
import type { MeResponse } from "@/lib/wire/auth-routes";

/** What checking the app's access needs: the session, the campus, and the call state that access loss makes stale. */
export type AccessDeps = SessionDeps & {
  campus: Pick<CampusApi, "getMember">;
  /** The session's grant, commands and presentation (lib/calls): cleared when the campus ends the app's access. */
  callState: Pick<SessionBoundStore, "clear">;
};

/** Spec part 7: ACCESS_REVOKED and APP_UNAVAILABLE end the app's access; its call bindings are stale. */
export function endsCallAccess(error: unknown): error is AppError {
  return error instanceof AppError && (error.code === "ACCESS_REVOKED" || error.code === "APP_UNAVAILABLE");
}

/**
 * Spec 4.2: userinfo checks the app's access and the member's consent on every call.
 * On 401 or 403 the visitor session loses its access (spec part 7: clear stale bindings).
 */
export async function checkAccess(credentials: SessionCredentials, deps: AccessDeps): Promise<MeResponse> {
  const session = await getVisitorSession(credentials, deps);
  const member = await verifyAccess(session, deps);
  const remainingSeconds = Math.floor((session.tokenExpiresAt - deps.now()) / 1000);
  return {
    member,
    expiresAt: new Date(session.tokenExpiresAt).toISOString(),
    expiresIn: Math.max(0, remainingSeconds),
  };
}

/**
 * Spec 4.2: "call it before protected app actions; on failure stop the action and end the app
 * session's access". Keeps the session's member current. The campus answers after a while, and
 * the session may have changed meanwhile (a login renewed it, another request touched it): both
 * writes name the version read, so they never overwrite or delete a newer record.
 */
export async function verifyAccess(session: VisitorSession, deps: AccessDeps): Promise<Member> {
  let member: Member;
  try {
    member = await deps.campus.getMember(session.accessToken);
  } catch (error) {
    if (error instanceof AppError && (error.status === 401 || error.status === 403)) {
      const ended = await deps.sessions.deleteIfVersion(session.sid, session.version);
      if (ended && endsCallAccess(error)) await deps.callState.clear(session.boundSid);
    }
    throw error;
  }
  if (!sameMember(member, session.member)) {
    const updated: SessionRecord = { ...session, member };
    await deps.sessions.replace(session.sid, updated, sessionTtlSeconds(updated, deps.now()));
  }
  return member;
}

/** Userinfo's answer as stored: unchanged, it is not written again (one store write less per request). */
function sameMember(a: Member, b: Member): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
