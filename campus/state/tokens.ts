import { LIMITS } from "../../lib/contract";
import type { Scope } from "../../lib/contract";
import type { Clock } from "../core/clock";
import { createExpiringMap } from "../core/expiring-map";
import { createOpaqueSecret } from "../core/ids";
import type { AuthorizationCode } from "./codes";

/** An opaque bearer token (spec 5.2: valid 900 s, no refresh), carrying what its code was bound to. */
export type AccessToken = {
  accessToken: string;
  clientId: string;
  generation: number;
  launchId: string;
  userId: string;
  scopes: Scope[];
  consentId: string;
  issuedAt: number;
  expiresAt: number;
  revokedAt: number | null;
};

export type TokenStore = ReturnType<typeof createTokenStore>;

export function createTokenStore(clock: Clock) {
  // Issued in time order with one lifetime, so the oldest token is always first.
  const tokens = createExpiringMap<AccessToken>((token) => token.expiresAt);
  return {
    issueToken(code: AuthorizationCode): AccessToken {
      const issuedAt = clock.now();
      const token: AccessToken = {
        accessToken: createOpaqueSecret(),
        clientId: code.clientId,
        generation: code.generation,
        launchId: code.launchId,
        userId: code.userId,
        scopes: [...code.scopes],
        consentId: code.consentId,
        issuedAt,
        expiresAt: issuedAt + LIMITS.tokenLifetimeSeconds * 1000,
        revokedAt: null,
      };
      tokens.set(token.accessToken, token);
      return token;
    },
    findToken: (accessToken: string) => tokens.get(accessToken),
    listTokens: () => [...tokens.values()],
    revokeToken(accessToken: string) {
      const token = tokens.get(accessToken);
      if (token && token.revokedAt === null) token.revokedAt = clock.now();
    },
    /** policy.ts: an expired token is forgotten; presenting it is then "unknown", still 401 INVALID_TOKEN. */
    pruneTokens: () => tokens.prune(clock.now()),
    countRecords: () => ({ tokens: tokens.size }),
  };
}
