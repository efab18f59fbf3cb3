import "server-only";
import type { CampusApi } from "@/lib/campus-api";
import { AppError } from "@/lib/errors";
import { randomToken } from "@/lib/security/random";
import { assertSameLaunch, type SessionCarrier } from "@/lib/session/carrier";
import { sealHandle, unsealHandle } from "@/lib/session/handle";
import { RENEWAL_GRACE_SECONDS, getLiveSession, sessionTtlSeconds } from "@/lib/session/lifetime";
import type { PendingState, SessionHandle, SessionRecord } from "@/lib/session/records";
import type { SessionBoundStore } from "@/lib/session/session-bound";
import type { LoginRequest, LoginResponse } from "@/lib/wire/auth";
import { INVALID_STATE, consumeState, type StateDeps } from "./state";

/** What a login needs: the state's stores, the campus, and the state other features keep by the session's sid. */
export type LoginDeps = StateDeps & {
  campus: Pick<CampusApi, "exchangeCode" | "getMember">;
  /** The call state, the activity access: moved to the renewed session, or cleared for another member. */
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
 * session). The identity comes from userinfo only, never from the browser.
 */
export async function login(input: LoginRequest, carrier: SessionCarrier, deps: LoginDeps): Promise<LoginOutcome> {
  assertSameLaunch(carrier, input.launchId);
  const pending = await consumeState(input.state, input.launchId, deps);
  await assertBoundToThisBrowser(carrier, pending, deps);

  // Never retried: a code is single use (spec part 3). On failure the page starts a new handshake.
  const token = await deps.campus.exchangeCode(input.code);
  const member = await deps.campus.getMember(token.access_token);

  const now = deps.now();
  const previous = pending.renewal ? await getLiveSession(deps.sessions, pending.sid, pending.launchId, now) : undefined;
  // A renewal by the same member keeps the call and activity; a different member inherits nothing.
  const renewal = previous?.member?.userId === member.userId ? previous : undefined;
  const tokenExpiresAt = now + token.expires_in * 1000;
  const record: SessionRecord = {
    sid: randomToken(),
    version: 1,
    launchId: pending.launchId,
    campusOrigin: pending.campusOrigin,
    accessToken: token.access_token,
    tokenExpiresAt,
    scopes: token.scopes,
    member,
    createdAt: renewal?.createdAt ?? now,
    lastSeenAt: now,
  };
  await deps.sessions.set(record.sid, record, sessionTtlSeconds(record, now));
  await endPreviousSession(pending.sid, renewal ? record : undefined, deps);

  const handle = await sealHandle({ sid: record.sid, launchId: pending.launchId }, deps.sessionSecret);
  // Cookieless mode (no cookie reached the frame, as in Safari): the page keeps the handle in memory.
  const cookieless = carrier.cookieHandle === undefined;
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

/**
 * The session the state named ends. Its call state and activity access move to the new session
 * when the same member renewed, and are cleared otherwise. A renewed session's old record stays
 * RENEWAL_GRACE_SECONDS, without its token, naming the new one: a heartbeat or poll already in
 * flight with the old handle then finds the new session rather than a 401 that would end the view.
 */
async function endPreviousSession(previousSid: string, renewed: SessionRecord | undefined, deps: LoginDeps) {
  if (!renewed) {
    for (const bound of deps.sessionBound) await bound.clear(previousSid);
    await deps.sessions.delete(previousSid);
    return;
  }
  for (const bound of deps.sessionBound) await bound.move(previousSid, renewed.sid);
  // A newer version than the one any request in flight read: its write-back is refused (ttl-store.ts).
  const version = ((await deps.sessions.get(previousSid))?.version ?? 0) + 1;
  const { launchId, campusOrigin, createdAt, lastSeenAt } = renewed;
  const pointer: SessionRecord = { sid: previousSid, version, launchId, campusOrigin, createdAt, lastSeenAt, renewedTo: renewed.sid };
  await deps.sessions.set(previousSid, pointer, RENEWAL_GRACE_SECONDS);
}

/**
 * The state must come back through the browser it was issued to. A renewal's state names the live
 * session whose handle asked for it: the login must present that handle (cookie or header). A
 * first login's state response has just set this launch's cookie to the state's fresh ID, so a
 * cookie that arrives must name it; with no cookie (cookieless mode) the state is accepted: it was
 * only ever known to this page. A header there may name an ended session, which the state call
 * ignored too; one naming a live session is refused.
 */
async function assertBoundToThisBrowser(carrier: SessionCarrier, pending: PendingState, deps: LoginDeps) {
  const matches = (handle: SessionHandle | undefined) => handle?.sid === pending.sid && handle.launchId === pending.launchId;
  const unseal = (seal: string | undefined) => (seal === undefined ? undefined : unsealHandle(seal, deps.sessionSecret));
  const refuse = () => {
    throw new AppError("BAD_USER_INPUT", INVALID_STATE);
  };
  if (pending.renewal) {
    if (!matches(await unseal(carrier.headerHandle ?? carrier.cookieHandle))) refuse();
    return;
  }
  if (carrier.cookieHandle !== undefined && !matches(await unseal(carrier.cookieHandle))) refuse();
  // A header naming a live session of the launch was not what asked for this state.
  const fromHeader = await unseal(carrier.headerHandle);
  if (fromHeader && !matches(fromHeader) && (await getLiveSession(deps.sessions, fromHeader.sid, pending.launchId, deps.now()))) refuse();
}
