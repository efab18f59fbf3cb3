import type { CallAccess } from "../calls/call-access";
import { requireOwnGrant } from "../calls/call-access";
import { readGrantStatus } from "../calls/grants";
import { restError } from "../core/errors";
import type { CampusState } from "../state/campus-state";
import type { Participation } from "../state/calls";
import type { CallGrant } from "../state/grants";
import type { PresentationRecord } from "../state/presentations";

export type ActiveGrant = { grant: CallGrant; participation: Participation };

/** Spec 3: prepare needs an active grant (the member's current approval), in the launch's tab. */
export function requireActiveGrant(state: CampusState, access: CallAccess, grantId: string): ActiveGrant {
  const grant = requireOwnGrant(state, access, grantId);
  const participation = state.calls.findParticipation(grant.participationId);
  if (readGrantStatus(state, grant) !== "active" || !participation) {
    throw restError("FORBIDDEN", "Presentations need the member's current approval of this call for the app (an active grant)");
  }
  return { grant, participation };
}

/**
 * policy.ts: a presentation ID that is unknown, of another app or of another member answers 403
 * FORBIDDEN without saying which; its grant must still be active and in the launch's tab.
 */
export function requireOwnPresentation(state: CampusState, access: CallAccess, presentationId: string): ActiveGrant & { presentation: PresentationRecord } {
  const presentation = state.presentations.findPresentation(presentationId);
  if (!presentation || presentation.clientId !== access.token.clientId || presentation.userId !== access.member.userId) {
    throw restError("FORBIDDEN", "No presentation with this ID belongs to this app and member");
  }
  return { presentation, ...requireActiveGrant(state, access, presentation.grantId) };
}
