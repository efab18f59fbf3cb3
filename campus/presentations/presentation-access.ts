import type { CallAccess } from "../calls/call-access";
import { requireOwnGrant } from "../calls/call-access";
import type { ActiveGrant } from "../calls/grant-approval";
import { requireActiveGrant } from "../calls/grant-approval";
import { restError } from "../core/errors";
import type { CampusState } from "../state/campus-state";
import type { PresentationRecord } from "../state/presentations";

/** Spec 3: prepare needs an active grant (the member's current approval), in the launch's tab. */
export function requirePresentingGrant(state: CampusState, access: CallAccess, grantId: string): ActiveGrant {
  const grant = requireOwnGrant(state, access, grantId);
  return requireActiveGrant(state, grant, "Presentations need the member's current approval of this call for the app (an active grant)");
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
  return { presentation, ...requirePresentingGrant(state, access, presentation.grantId) };
}
