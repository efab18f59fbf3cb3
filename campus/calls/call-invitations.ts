import type { CallRole } from "../../lib/contract";
import { restError } from "../core/errors";
import type { CampusState } from "../state/campus-state";
import type { Call, Participation } from "../state/calls";
import { listCurrentParticipations } from "../state/calls";
import type { Invitation } from "../state/invitations";
import type { CampusMember } from "../state/members";
import { requireInvitationRecipient } from "./call-members";
import { joinCall, requireCurrentCall, requireFreeSeat, requireRoom } from "./participation";

const callConflict = (message: string) => restError("CALL_CONFLICT", message);

/**
 * Spec 4.7 invite: checks that hold at request time and again when the inviter confirms:
 * the recipient is another campus member not already in the call, the call has room, and an
 * explicit speaker role has a free seat (409).
 */
export function checkInvitation(state: CampusState, inviter: Participation, input: { recipientId?: string; role?: CallRole }): Call {
  if (inviter.endedAt !== null) throw callConflict("The member is no longer in this call");
  const call = requireCurrentCall(state, inviter.callId);
  requireRoom(call);
  if (input.role === "speaker") requireFreeSeat(call);
  if (input.recipientId !== undefined) {
    requireInvitationRecipient(state, input.recipientId, inviter.userId);
    if (listCurrentParticipations(call).some((participation) => participation.userId === input.recipientId)) {
      throw callConflict("The recipient is already in this call");
    }
  }
  return call;
}

/** Sends an invitation; it does not mean acceptance (spec 4.7). */
export function sendInvitation(state: CampusState, inviter: Participation, input: { recipientId: string; role?: CallRole }): Invitation {
  const call = checkInvitation(state, inviter, input);
  return state.invitations.sendInvitation({
    callId: call.callId,
    inviterUserId: inviter.userId,
    recipientUserId: input.recipientId,
    role: input.role ?? null,
  });
}

/** The newest pending invitation to a current call: the one `accept` answers (spec 4.6). */
export function findCurrentInvitation(state: CampusState, userId: string): Invitation | undefined {
  return state.invitations.listPendingFor(userId).find((invitation) => state.calls.findCall(invitation.callId)?.endedAt === null);
}

function requirePendingInvitation(state: CampusState, invitation: Invitation | undefined, member: CampusMember): Invitation {
  if (!invitation || invitation.recipientUserId !== member.userId) throw callConflict("There is no such invitation for this member");
  if (!state.invitations.isPending(invitation)) throw callConflict("The invitation was already answered, cancelled or has expired");
  requireCurrentCall(state, invitation.callId);
  return invitation;
}

/** Accepting in a tab creates the participation bound to that tab. */
export function acceptInvitation(state: CampusState, input: { invitation: Invitation | undefined; member: CampusMember; tabId: string }): Participation {
  const invitation = requirePendingInvitation(state, input.invitation, input.member);
  const call = requireCurrentCall(state, invitation.callId);
  const participation = joinCall(state, call, { userId: input.member.userId, tabId: input.tabId, simulated: false, role: invitation.role });
  invitation.outcome = "accepted";
  return participation;
}

export function declineInvitation(state: CampusState, input: { invitation: Invitation | undefined; member: CampusMember }): void {
  requirePendingInvitation(state, input.invitation, input.member).outcome = "declined";
}
