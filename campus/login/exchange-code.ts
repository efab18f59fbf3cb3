import type { Token } from "../../lib/contract";
import { LIMITS } from "../../lib/contract";
import type { Clock } from "../core/clock";
import { hasExpired } from "../core/clock";
import { restError } from "../core/errors";
import { WWW_AUTHENTICATE } from "../core/policy";
import type { CampusState } from "../state/campus-state";
import { checkAppAccess } from "./check-app-access";

function invalidCode(message: string) {
  return restError("INVALID_TOKEN", message, { "WWW-Authenticate": WWW_AUTHENTICATE.INVALID_TOKEN });
}

/** The member a code was issued to, for the request log; undefined for an unknown code. */
export function findCodeUsername(state: CampusState, code: string): string | undefined {
  const record = state.codes.findCode(code);
  return record && state.members.findByUserId(record.userId)?.username;
}

/**
 * Spec 4.1 and 3: exchanges a one-use code (valid 60 s) of the authenticated client for a
 * 900 s bearer token with exactly the consented scopes, never more. Check order: policy.ts.
 */
export function exchangeCode(state: CampusState, clock: Clock, input: { clientId: string; code: string }): Token {
  const code = state.codes.findCode(input.code);
  if (!code) throw invalidCode("The code is unknown");
  // policy.ts: a code presented by another client is refused and not spent.
  if (code.clientId !== input.clientId) throw invalidCode("The code belongs to another app");
  if (code.usedAt !== null) {
    // policy.ts: a replayed code revokes the token issued from it (RFC 6749 10.5).
    if (code.accessToken) state.tokens.revokeToken(code.accessToken);
    throw invalidCode("The code was already used");
  }
  // policy.ts: any attempt by its own client spends the code, even one that fails below.
  code.usedAt = clock.now();
  if (hasExpired(clock, code.expiresAt)) throw invalidCode("The code has expired");
  checkAppAccess(state, code);
  const issued = state.tokens.issueToken(code);
  code.accessToken = issued.accessToken;
  return {
    access_token: issued.accessToken,
    token_type: "Bearer",
    expires_in: LIMITS.tokenLifetimeSeconds,
    scopes: [...issued.scopes],
  };
}
