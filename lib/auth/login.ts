import "server-only";
import type { LoginRequest, LoginResponse } from "@/lib/api/schemas";
import { AppError } from "@/lib/errors";
import { randomToken } from "@/lib/security/random";
import { assertSameLaunch, type SessionCarrier } from "@/lib/session/carrier";
import { sealHandle, unsealHandle } from "@/lib/session/handle";
import type { PendingState, SessionHandle, SessionRecord } from "@/lib/session/records";
import type { AuthDeps } from "./deps";
import { INVALID_STATE, consumeState } from "./state";

export type LoginOutcome = {
  body: LoginResponse;
  /** The sealed session handle, for the launch's cookie. */
  handle: string;
};

/**
 * Spec 5.3.5: consume the state, exchange the code once, read userinfo, then open (or renew)
 * the launch's visitor session. The identity comes from userinfo only, never from the browser.
 */
export async function login(input: LoginRequest, carrier: SessionCarrier, deps: AuthDeps): Promise<LoginOutcome> {
  assertSameLaunch(carrier, input.launchId);
  const pending = await consumeState(input.state, input.launchId, deps);
  await assertBoundToThisBrowser(carrier, pending, deps.sessionSecret);

  // Never retried: a code is single use (spec part 3). On failure the page starts a new handshake.
  const token = await deps.campus.exchangeCode(input.code);
  const member = await deps.campus.getMember(token.access_token);

  const now = deps.now();
  const tokenExpiresAt = now + token.expires_in * 1000;
  const previous = await deps.sessions.get(pending.sid);
  // A different member in the same launch never inherits the previous member's session.
  const sameMember = !previous?.member || previous.member.userId === member.userId;
  if (!sameMember) {
    await deps.sessions.delete(pending.sid);
    await deps.callState.clear(pending.sid);
  }
  const sid = sameMember ? pending.sid : randomToken();

  const record: SessionRecord = {
    sid,
    launchId: pending.launchId,
    campusOrigin: pending.campusOrigin,
    accessToken: token.access_token,
    tokenExpiresAt,
    scopes: token.scopes,
    member,
    createdAt: sameMember && previous ? previous.createdAt : now,
  };
  await deps.sessions.set(sid, record, token.expires_in);

  const handle = await sealHandle({ sid, launchId: pending.launchId }, deps.sessionSecret);
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
 * The state must come back through the browser it was issued to. The state response has just set
 * this launch's cookie, so a cookie that arrives must name the state's session. With no cookie
 * (cookieless mode) the state is accepted: it was only ever known to this page. A session header
 * that no longer unseals (an ended session) is ignored, as the state call ignored it; one that
 * unseals must name the same session.
 */
async function assertBoundToThisBrowser(carrier: SessionCarrier, pending: PendingState, secret: string) {
  const matches = (handle: SessionHandle | undefined) =>
    handle?.sid === pending.sid && handle.launchId === pending.launchId;
  const fromCookie = carrier.cookieHandle === undefined ? undefined : await unsealHandle(carrier.cookieHandle, secret);
  const fromHeader = carrier.headerHandle === undefined ? undefined : await unsealHandle(carrier.headerHandle, secret);
  if ((carrier.cookieHandle !== undefined && !matches(fromCookie)) || (fromHeader && !matches(fromHeader))) {
    throw new AppError("BAD_USER_INPUT", INVALID_STATE);
  }
}
