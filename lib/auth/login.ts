import "server-only";
import type { CampusApi } from "@/lib/campus-api";
import { AppError } from "@/lib/errors";
import { randomToken } from "@/lib/security/random";
import { assertSameLaunch, type SessionCredentials } from "@/lib/session/session-credentials";
import { sealHandle, unsealHandle } from "@/lib/session/handle";
import { RENEWAL_GRACE_SECONDS, getLiveSession, sessionTtlSeconds } from "@/lib/session/lifetime";
import { boundSidOf, type PendingState, type SessionHandle, type SessionRecord } from "@/lib/session/records";
import type { SessionBoundStore } from "@/lib/session/session-bound";
import type { LoginRequest, LoginResponse } from "@/lib/wire/auth-routes";
import { INVALID_STATE, consumeState, type StateDeps } from "./state";

/** What a login needs: the state's stores, the campus, and the state other features keep by the session's sid. */
export type LoginDeps = StateDeps & {
  campus: Pick<CampusApi, "exchangeCode" | "getMember">;
  /** The call state, the activity access: kept by the same member's renewal (under its boundSid), cleared for another member. */
  sessionBound: readonly SessionBoundStore[];
};

export type LoginOutcome = {
  body: LoginResponse;
  /** The sealed session handle, for the launch's cookie. */
  handle: string;
};

/**
 * Spec 5.3.5: consume the state, exchange the code once, read userinfo, then open the launch's
 * visitor session under a new sid (a handle known before the login never names the logged-in
 * session). The identity comes from userinfo only, never from the browser. A state issued before
 * another login renewed its session is refused, as is a renewal of a session that ended meanwhile.
 */
export async function login(input: LoginRequest, credentials: SessionCredentials, deps: LoginDeps): Promise<LoginOutcome> {
  assertSameLaunch(credentials, input.launchId);
  const pending = await consumeState(input.state, input.launchId, deps);
  await assertBoundToThisBrowser(credentials, pending, deps);

  // Never retried: a code is single use (spec part 3). On failure the page starts a new handshake.
  // The new session's handle is sealed while the campus answers: its ID is chosen here, and a
  // login that fails leaves the seal unused (the process's cache of its seals forgets it in time).
  const sid = randomToken();
  const sealing = sealHandle({ sid, launchId: pending.launchId }, deps.sessionSecret);
  sealing.catch(() => undefined); // awaited below; a failed login must not leave it unhandled
  const token = await deps.campus.exchangeCode(input.code);
  const member = await deps.campus.getMember(token.access_token);

  const now = deps.now();
  const previous = pending.renewal ? await getLiveSession(deps.sessions, pending.sid, pending.launchId, now) : undefined;
  // The session this state renews ended (signed out) or was renewed by another login since: a
  // renewal never brings a session back, and one session renews into one.
  if (pending.renewal && previous?.sid !== pending.sid) throw new AppError("BAD_USER_INPUT", INVALID_STATE);
  // A renewal by the same member keeps the call and activity; a different member inherits nothing.
  const renewal = previous?.member?.userId === member.userId ? previous : undefined;
  const tokenExpiresAt = now + token.expires_in * 1000;
  const record: SessionRecord = {
    sid,
    version: 1,
    launchId: pending.launchId,
    campusOrigin: pending.campusOrigin,
    accessToken: token.access_token,
    tokenExpiresAt,
    scopes: token.scopes,
    member,
    createdAt: renewal?.createdAt ?? now,
    lastSeenAt: now,
    ...(renewal ? { boundSid: boundSidOf(renewal) } : {}),
  };
  await deps.sessions.set(record.sid, record, sessionTtlSeconds(record, now));
  if (renewal) await leaveRenewalPointer(renewal, record, deps);
  else await endPreviousSession(pending.sid, previous, deps);

  const handle = await sealing;
  // Cookieless mode (no cookie reached the frame, as in Safari): the page keeps the handle in memory.
  const cookieless = credentials.cookieHandle === undefined;
  return {
    body: {
      member,
      expiresAt: new Date(tokenExpiresAt).toISOString(),
      expiresIn: token.expires_in,
      ...(cookieless ? { sessionHandle: handle } : {}),
    },
    handle,
  };
}

/** A login that renews nothing ends the session the state named, if any, and clears its bound state. */
async function endPreviousSession(previousSid: string, previous: SessionRecord | undefined, deps: LoginDeps) {
  for (const bound of deps.sessionBound) await bound.clear(previous ? boundSidOf(previous) : previousSid);
  await deps.sessions.delete(previousSid);
}

/**
 * The same member renewed: the new record shares the old one's bound state (boundSid), and the old
 * record stays RENEWAL_GRACE_SECONDS, without its token, naming the new one, so a heartbeat or poll
 * already in flight with the old handle finds the new session rather than a 401 that would end the
 * view. Written as a compare-and-set on the version read: a request's write that lands meanwhile
 * makes the login read again, and a newer version than any request in flight read is stored, so
 * their write-backs are refused (ttl-store.ts). If the old session ended meanwhile (signed out) or
 * another login renewed it first, this renewal ends too.
 */
async function leaveRenewalPointer(previous: SessionRecord, renewed: SessionRecord, deps: LoginDeps) {
  const { launchId, campusOrigin, createdAt, lastSeenAt, boundSid } = renewed;
  let current: SessionRecord | undefined = previous;
  while (current && current.renewedTo === undefined) {
    const pointer: SessionRecord = { sid: previous.sid, version: current.version, launchId, campusOrigin, createdAt, lastSeenAt, boundSid, renewedTo: renewed.sid };
    if (await deps.sessions.replace(previous.sid, pointer, RENEWAL_GRACE_SECONDS)) return;
    current = await deps.sessions.get(previous.sid);
  }
  await deps.sessions.delete(renewed.sid);
  throw new AppError("BAD_USER_INPUT", INVALID_STATE);
}

/**
 * The state must come back through the browser it was issued to. A renewal's state names the live
 * session whose handle asked for it: the login must present that handle (cookie or header). A
 * first login's state response has just set this launch's cookie to the state's fresh ID, so a
 * cookie that arrives must name it; with no cookie (cookieless mode) the state is accepted: it was
 * only ever known to this page. A header there may name an ended session, which the state call
 * ignored too; one naming a live session is refused.
 */
async function assertBoundToThisBrowser(credentials: SessionCredentials, pending: PendingState, deps: LoginDeps) {
  const matches = (handle: SessionHandle | undefined) => handle?.sid === pending.sid && handle.launchId === pending.launchId;
  const unseal = (seal: string | undefined) => (seal === undefined ? undefined : unsealHandle(seal, deps.sessionSecret));
  const refuse = () => {
    throw new AppError("BAD_USER_INPUT", INVALID_STATE);
  };
  if (pending.renewal) {
    if (!matches(await unseal(credentials.headerHandle ?? credentials.cookieHandle))) refuse();
    return;
  }
  if (credentials.cookieHandle !== undefined && !matches(await unseal(credentials.cookieHandle))) refuse();
  // A header naming a live session of the launch was not what asked for this state.
  const fromHeader = await unseal(credentials.headerHandle);
  if (fromHeader && !matches(fromHeader) && (await getLiveSession(deps.sessions, fromHeader.sid, pending.launchId, deps.now()))) refuse();
}
