import { checkActivityOffer } from "../activities/activity-offers";
import { restError } from "../core/errors";
import type { CampusState } from "../state/campus-state";
import type { Participation } from "../state/calls";
import type { CallCommandKind, CommandParameters } from "../state/commands";
import { checkCallAction, NATIVE_ACTIONS } from "../calls/call-actions";
import { checkInvitation, findCurrentInvitation } from "../calls/call-invitations";
import { requireCanStart, requireNotInCall } from "../calls/participation";

export type CommandPlan = { native: boolean; invitationId: string | null };

/**
 * The request-time checks of a command after its rate limits: host-only actions (403) and the
 * current call state (409, spec 7 "call changed or a seat is unavailable"). Nothing is created
 * when they fail. Returns whether the command waits for a native confirmation (policy.ts).
 */
export function planCommand(
  state: CampusState,
  input: { kind: CallCommandKind; userId: string; parameters: CommandParameters; participation: Participation | undefined },
): CommandPlan {
  const { parameters, participation } = input;
  switch (input.kind) {
    case "start":
      requireCanStart(state, input.userId);
      return { native: true, invitationId: null };
    case "accept": {
      requireNotInCall(state, input.userId);
      const invitation = findCurrentInvitation(state, input.userId);
      if (!invitation) throw restError("CALL_CONFLICT", "The member has no pending incoming invitation");
      return { native: true, invitationId: invitation.invitationId };
    }
    case "invite":
      checkInvitation(state, requireParticipation(participation), parameters);
      return { native: true, invitationId: null };
    case "action": {
      if (parameters.action === undefined) throw restError("BAD_USER_INPUT", "action is required");
      checkCallAction(state, requireParticipation(participation), parameters.action, parameters.targetId);
      return { native: NATIVE_ACTIONS.has(parameters.action), invitationId: null };
    }
    case "playback":
      requireParticipation(participation);
      return { native: false, invitationId: null };
    case "activityInvite":
      // Spec 4.7: native selection of current members in the inviter's campus tab.
      checkActivityOffer(state, requireParticipation(participation));
      return { native: true, invitationId: null };
  }
}

function requireParticipation(participation: Participation | undefined): Participation {
  if (!participation || participation.endedAt !== null) throw restError("CALL_CONFLICT", "The member is no longer in this call");
  return participation;
}
