import { restError } from "../core/errors";
import { STALE_REGISTRATION_CODE } from "../core/policy";
import type { CampusState } from "../state/campus-state";

type IssuedAccess = { clientId: string; generation: number; userId: string; consentId: string };

/**
 * The checks every code exchange and every bearer call repeats on each request, never cached
 * (spec 4: "rechecks ... app publication, current consent ... on each request").
 */
export function checkAppAccess(state: CampusState, issued: IssuedAccess): void {
  const registration = state.registration.getRegistration();
  if (!registration.published) throw restError("APP_UNAVAILABLE", "The app is not published");
  // Spec 5.6 and policy.ts: access issued before a registration save is over.
  if (issued.generation !== registration.generation || issued.clientId !== registration.clientId) {
    throw restError(STALE_REGISTRATION_CODE, "The app registration changed; reopen the app and log in again");
  }
  if (!state.consents.isConsentCurrent(issued.consentId, issued.userId, issued.clientId)) {
    throw restError("ACCESS_REVOKED", "The member's consent for this app has ended");
  }
}
