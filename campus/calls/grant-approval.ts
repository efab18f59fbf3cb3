import type { AttachResult, GrantStatus } from "../../lib/contract";
import { restError } from "../core/errors";
import type { CampusState } from "../state/campus-state";
import type { Participation } from "../state/calls";
import type { CallApproval, CallGrant } from "../state/grants";
import type { CallAccess } from "./call-access";

type Issued = Pick<CallApproval, "clientId" | "generation" | "consentId" | "userId" | "participationId">;

/**
 * Spec 2 "Call grant": approval lasts for that participation while consent and registration stay
 * valid. It is lost when the participation ends, consent is revoked or replaced, or the
 * registration is saved (policy.ts).
 */
function isStillValid(state: CampusState, issued: Issued): boolean {
  const registration = state.registration.getRegistration();
  const participation = state.calls.findParticipation(issued.participationId);
  return (
    participation?.endedAt === null &&
    registration.published &&
    issued.generation === registration.generation &&
    issued.clientId === registration.clientId &&
    state.consents.isConsentCurrent(issued.consentId, issued.userId, issued.clientId)
  );
}

export function hasCurrentApproval(state: CampusState, clientId: string, participationId: string): boolean {
  const approval = state.grants.findApproval(clientId, participationId);
  return approval !== undefined && isStillValid(state, approval);
}

/** policy.ts: `denied` stays denied; a grant that lost approval (or its participation) is `ended`. */
export function readGrantStatus(state: CampusState, grant: CallGrant): GrantStatus {
  if (grant.decision === "denied") return "denied";
  if (!isStillValid(state, grant)) return "ended";
  if (hasCurrentApproval(state, grant.clientId, grant.participationId)) return "active";
  return grant.decision === "approved" ? "ended" : "approval";
}

/** Spec 3 "Grant status": `active`, the member's current approval of this call for the app. */
export function isGrantActive(state: CampusState, grant: CallGrant): boolean {
  return readGrantStatus(state, grant) === "active";
}

export type ActiveGrant = { grant: CallGrant; participation: Participation };

/**
 * The rule "the grant must be active" (grant commands 4.7, presentations 4.9, activity
 * registration 4.11): 403 FORBIDDEN otherwise, saying what needed it. An active grant's
 * participation is current (isStillValid), so it comes back with the grant.
 */
export function requireActiveGrant(state: CampusState, grant: CallGrant | undefined, refusal: string): ActiveGrant {
  const participation = grant && state.calls.findParticipation(grant.participationId);
  if (!grant || !participation || !isGrantActive(state, grant)) throw restError("FORBIDDEN", refusal);
  return { grant, participation };
}

/**
 * Spec 4.4: a grant for the launch's accepted participation, `active` when this participation
 * already has a current approval for the app, else `approval` with the native prompt shown in
 * the participation's tab. policy.ts: an open grant of the participation is returned again.
 */
export function attachToCall(state: CampusState, access: CallAccess, participation: Participation): AttachResult {
  const { token } = access;
  const open = state.grants
    .listGrantsOf(participation.participationId)
    .filter((grant) => grant.clientId === token.clientId && grant.userId === token.userId)
    .reverse()
    .find((grant) => {
      const status = readGrantStatus(state, grant);
      return status === "approval" || status === "active";
    });
  const grant =
    open ??
    state.grants.createGrant({
      clientId: token.clientId,
      generation: token.generation,
      consentId: token.consentId,
      userId: token.userId,
      participationId: participation.participationId,
      decision: hasCurrentApproval(state, token.clientId, participation.participationId) ? "approved" : "pending",
    });
  const status = readGrantStatus(state, grant);
  return { grantId: grant.grantId, status: status === "active" ? "active" : "approval" };
}

/** Grants of this participation waiting for the native prompt "Use this call in this app". */
export function listGrantsAwaitingApproval(state: CampusState, participationId: string): CallGrant[] {
  return state.grants.listGrantsOf(participationId).filter((grant) => readGrantStatus(state, grant) === "approval");
}

/** The member's answer to the native approval prompt; it answers every waiting grant (policy.ts). */
export function answerApproval(state: CampusState, participation: Participation, decision: "allow" | "deny"): { answered: number } {
  const waiting = listGrantsAwaitingApproval(state, participation.participationId);
  if (waiting.length === 0) throw restError("CALL_CONFLICT", "No app is waiting for approval of this call");
  for (const grant of waiting) {
    grant.decision = decision === "allow" ? "approved" : "denied";
    if (decision === "allow") {
      const { clientId, generation, consentId, userId, participationId } = grant;
      state.grants.recordApproval({ clientId, generation, consentId, userId, participationId });
    }
  }
  return { answered: waiting.length };
}
