import type { CallRole } from "../../lib/contract";
import { sendActivityInvitations } from "../activities/activity-offers";
import type { Clock } from "../core/clock";
import { restError } from "../core/errors";
import type { CampusState } from "../state/campus-state";
import type { Participation } from "../state/calls";
import type { CallCommand } from "../state/commands";
import { requireCallMember } from "../calls/call-members";
import { performCallAction } from "../calls/call-actions";
import { requireActiveGrant } from "../calls/grant-approval";
import { acceptInvitation, sendInvitation } from "../calls/call-invitations";
import { openCall } from "../calls/participation";

/** What the member chose in the native sheet: start or invite (recipient and role), activityInvite (recipients). */
export type PromptChoice = { recipientId?: string; role?: CallRole; recipientIds?: string[] };

/** A grant command applies only while the grant is still active and its participation current. */
function requireGrantParticipation(state: CampusState, command: CallCommand): Participation {
  const grant = command.grantId === null ? undefined : state.grants.findGrant(command.grantId);
  return requireActiveGrant(state, grant, "The app's approval for this call has ended").participation;
}

/**
 * Applies a command: at creation for immediate ones, on confirmation for native ones. Every
 * precondition is checked again here, so a CampusError thrown now means the command failed.
 */
export function applyCommand(state: CampusState, clock: Clock, command: CallCommand, choice: PromptChoice = {}): void {
  const { parameters } = command;
  const recipientId = choice.recipientId ?? parameters.recipientId;
  const role = choice.role ?? parameters.role;
  switch (command.kind) {
    case "start": {
      const { host } = openCall(state, { userId: command.userId, tabId: command.tabId });
      if (recipientId !== undefined) sendInvitation(state, host, { recipientId, role });
      return;
    }
    case "accept": {
      const invitation = command.invitationId === null ? undefined : state.invitations.findInvitation(command.invitationId);
      acceptInvitation(state, { invitation, member: requireCallMember(state, command.userId), tabId: command.tabId });
      return;
    }
    case "invite": {
      const inviter = requireGrantParticipation(state, command);
      if (recipientId === undefined) throw restError("BAD_USER_INPUT", "No recipient was chosen");
      sendInvitation(state, inviter, { recipientId, role });
      return;
    }
    case "action": {
      const actor = requireGrantParticipation(state, command);
      if (parameters.action === undefined) throw restError("BAD_USER_INPUT", "The command has no action");
      performCallAction(state, clock, actor, parameters.action, parameters.targetId);
      return;
    }
    case "playback":
      requireGrantParticipation(state, command).playbackMuted = parameters.muted === true;
      return;
    case "activityInvite":
      sendActivityInvitations(state, command, requireGrantParticipation(state, command), choice.recipientIds);
      return;
  }
}
