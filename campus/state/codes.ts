import { LIMITS } from "../../lib/contract";
import type { Scope } from "../../lib/contract";
import type { Clock } from "../core/clock";
import { createExpiringMap } from "../core/expiring-map";
import { createOpaqueSecret } from "../core/ids";

/** A one-use authorization code (spec 3: valid 60 s, single use), bound to app, generation, launch and member. */
export type AuthorizationCode = {
  code: string;
  clientId: string;
  generation: number;
  launchId: string;
  userId: string;
  scopes: Scope[];
  consentId: string;
  issuedAt: number;
  expiresAt: number;
  usedAt: number | null;
  /** The access token this code was exchanged for, so that a replay can revoke it. */
  accessToken: string | null;
};

export type CodeStore = ReturnType<typeof createCodeStore>;

/** policy.ts: a code is kept while a replay could still revoke the token issued from it. */
const RETENTION_MS = (LIMITS.codeLifetimeSeconds + LIMITS.tokenLifetimeSeconds) * 1000;

export function createCodeStore(clock: Clock) {
  // Issued in time order with one lifetime, so the oldest code is always first.
  const codes = createExpiringMap<AuthorizationCode>((record) => record.issuedAt + RETENTION_MS);
  return {
    issueCode(input: Omit<AuthorizationCode, "code" | "issuedAt" | "expiresAt" | "usedAt" | "accessToken">): AuthorizationCode {
      const issuedAt = clock.now();
      const record: AuthorizationCode = {
        ...input,
        scopes: [...input.scopes],
        code: createOpaqueSecret(),
        issuedAt,
        expiresAt: issuedAt + LIMITS.codeLifetimeSeconds * 1000,
        usedAt: null,
        accessToken: null,
      };
      codes.set(record.code, record);
      return record;
    },
    findCode: (code: string) => codes.get(code),
    pruneCodes: () => codes.prune(clock.now()),
    countRecords: () => ({ codes: codes.size }),
  };
}
