import type { Scope } from "../../lib/contract";
import type { Clock } from "../core/clock";
import { createPrefixedId } from "../core/ids";
import { createPairMap } from "../core/pair-map";

/** A member's remembered consent for one registration (clientId): the scopes and origin approved. */
export type Consent = {
  consentId: string;
  userId: string;
  clientId: string;
  scopes: Scope[];
  appOrigin: string;
  grantedAt: number;
};

export type ConsentStore = ReturnType<typeof createConsentStore>;

export function createConsentStore(clock: Clock) {
  const consents = createPairMap<Consent>();

  return {
    findConsent: (userId: string, clientId: string) => consents.get(userId, clientId),
    /**
     * Records an approval. Approving exactly what is already remembered keeps the consent (and the
     * access issued under it); anything else replaces it, which ends access issued under the old one.
     */
    grantConsent(input: Omit<Consent, "consentId" | "grantedAt">): Consent {
      const existing = consents.get(input.userId, input.clientId);
      if (existing && coversConsent(existing, input)) return existing;
      const consent: Consent = { ...input, scopes: [...input.scopes], consentId: createPrefixedId("cns"), grantedAt: clock.now() };
      consents.set(input.userId, input.clientId, consent);
      return consent;
    },
    /** Deletes the consents of one member, or of every member; returns how many ended. */
    revokeConsents(userId?: string): number {
      return userId === undefined ? consents.clear() : consents.deleteAll(userId);
    },
    /** True while the consent a credential was issued under still stands (not revoked or replaced). */
    isConsentCurrent(consentId: string, userId: string, clientId: string): boolean {
      return consents.get(userId, clientId)?.consentId === consentId;
    },
  };
}

/** Spec 5.5: a remembered consent applies only to the same scope set and the same app origin. */
export function coversConsent(consent: Pick<Consent, "scopes" | "appOrigin">, wanted: { scopes: readonly Scope[]; appOrigin: string }): boolean {
  const approved = new Set(consent.scopes);
  return (
    consent.appOrigin === wanted.appOrigin &&
    approved.size === new Set(wanted.scopes).size &&
    wanted.scopes.every((scope) => approved.has(scope))
  );
}
