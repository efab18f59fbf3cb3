import type { Member } from "../../lib/contract";
import type { Clock } from "../core/clock";
import { hasExpired } from "../core/clock";
import { restError } from "../core/errors";
import { WWW_AUTHENTICATE } from "../core/policy";
import type { CampusState } from "../state/campus-state";
import type { CampusMember } from "../state/members";
import type { AccessToken } from "../state/tokens";
import { checkAppAccess } from "./check-app-access";
import { projectMember } from "./project-member";

function invalidToken(message: string) {
  return restError("INVALID_TOKEN", message, { "WWW-Authenticate": WWW_AUTHENTICATE.INVALID_TOKEN });
}

/** Spec 5.2: `Authorization: Bearer <token>`; returns undefined when the header is missing or not Bearer. */
export function readBearerToken(header: string | undefined): string | undefined {
  return /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(header ?? "")?.[1];
}

/** The bearer token of a request and the username of its member, known before any check refuses it (for the request log). */
export function readBearerMember(state: CampusState, header: string | undefined): { bearer: string | undefined; username: string | undefined } {
  const bearer = readBearerToken(header);
  const token = bearer === undefined ? undefined : state.tokens.findToken(bearer);
  return { bearer, username: token && state.members.findByUserId(token.userId)?.username };
}

export type TokenAccess = { token: AccessToken; member: CampusMember };

/**
 * Resolves a bearer token to its access, rechecking everything on each request (spec 4.2):
 * token valid (401 INVALID_TOKEN), then app and consent (403). Call endpoints reuse this.
 */
export function requireTokenAccess(state: CampusState, clock: Clock, bearer: string | undefined): TokenAccess {
  if (!bearer) throw invalidToken("A bearer token is required");
  const token = state.tokens.findToken(bearer);
  if (!token) throw invalidToken("The token is unknown");
  if (token.revokedAt !== null) throw invalidToken("The token was revoked");
  if (hasExpired(clock, token.expiresAt)) throw invalidToken("The token has expired");
  const member = state.members.findByUserId(token.userId);
  if (!member) throw invalidToken("The token's member no longer exists");
  checkAppAccess(state, token);
  return { token, member };
}

/** Spec 4.2: the member record, with the fields the consented scopes allow. */
export function readMember(access: TokenAccess): Member {
  return projectMember(access.member, access.token.scopes);
}
