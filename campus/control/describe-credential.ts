import { createHash } from "node:crypto";
import { hasExpired, toIsoTime } from "../core/clock";
import type { CampusContext } from "../http/context";
import type { AccessToken } from "../state/tokens";

/** policy.ts: enough of a token to tell tokens apart and match a log line, never enough to use it. */
export function fingerprintToken(accessToken: string): string {
  return createHash("sha256").update(accessToken).digest("base64url").slice(0, 8);
}

export function describeCredential(context: CampusContext, token: AccessToken) {
  return {
    fingerprint: fingerprintToken(token.accessToken),
    username: context.state.members.findByUserId(token.userId)?.username ?? null,
    launchId: token.launchId,
    scopes: token.scopes,
    issuedAt: toIsoTime(token.issuedAt),
    expiresAt: toIsoTime(token.expiresAt),
    live: token.revokedAt === null && !hasExpired(context.clock, token.expiresAt),
  };
}
