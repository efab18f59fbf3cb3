import type { ActivityRead, ActivityRegistered, CallActivity } from "../../lib/contract";
import type { CallAccess } from "../calls/call-access";
import { findTabParticipation, requireOwnGrant } from "../calls/call-access";
import { hasCurrentApproval, requireActiveGrant } from "../calls/grant-approval";
import { restError } from "../core/errors";
import type { CampusState } from "../state/campus-state";
import type { Activity } from "../state/activities";

const forbidden = (message: string) => restError("FORBIDDEN", message);

/** Spec 2: the activity read and the registration result carry the label and call, never the session key. */
export function toActivityRead(activity: Activity): ActivityRead & ActivityRegistered {
  return { activityId: activity.activityId, label: activity.label, callId: activity.callId };
}

/** policy.ts: an activity ID that is unknown or of another app answers 403 FORBIDDEN without saying which. */
export function requireAppActivity(state: CampusState, access: CallAccess, activityId: string): Activity {
  const activity = state.activities.findActivity(activityId);
  if (!activity || activity.clientId !== access.token.clientId) throw forbidden("No activity with this ID belongs to this app");
  return activity;
}

/** Spec 2: an activity belongs to this app and call; one of another call is 403 FORBIDDEN. */
export function requireActivityOfCall(state: CampusState, access: CallAccess, activityId: string, callId: string): Activity {
  const activity = requireAppActivity(state, access, activityId);
  if (activity.callId !== callId) throw forbidden("The activity belongs to another call than the member's call in this launch's campus tab");
  return activity;
}

/**
 * Spec 4.11: registers the app's backend session for the call. The grant must be this member's,
 * active (approved), and its participation the member's current one in the launch's tab.
 */
export function registerActivity(state: CampusState, access: CallAccess, body: CallActivity): ActivityRegistered {
  const { grant } = requireActiveGrant(
    state,
    requireOwnGrant(state, access, body.grantId),
    "Registering an activity needs the member's current approval of this call for the app (an active grant)",
  );
  const participation = findTabParticipation(state, access);
  if (participation?.participationId !== grant.participationId) {
    throw forbidden("The grant's participation is not the member's current call in this launch's campus tab");
  }
  const activity = state.activities.registerActivity({
    clientId: access.token.clientId,
    callId: participation.callId,
    sessionKey: body.sessionKey,
    label: body.label,
    registeredBy: access.member.userId,
    grantId: grant.grantId,
  });
  return toActivityRead(activity);
}

/**
 * Spec 4.12: the label and call ID, only to a current member of that call, in the launch's tab,
 * with the member's current per-call approval of the app (policy.ts: check order).
 */
export function readActivity(state: CampusState, access: CallAccess, activityId: string): ActivityRead {
  const activity = requireAppActivity(state, access, activityId);
  const participation = findTabParticipation(state, access);
  if (!participation || participation.callId !== activity.callId) {
    throw forbidden("The activity belongs to another call than the member's call in this launch's campus tab");
  }
  if (!hasCurrentApproval(state, access.token.clientId, participation.participationId)) {
    throw forbidden("Reading an activity needs the member's current approval of this call for the app");
  }
  return toActivityRead(activity);
}
