import { toIsoTime } from "../core/clock";
import type { CampusState } from "../state/campus-state";
import type { Call } from "../state/calls";
import { listCurrentParticipations } from "../state/calls";
import { requireCallMember } from "../calls/call-members";
import { getHostUserId } from "../calls/grant-read";

/** GET /control/calls: every call with its current members, for tests and demos. */
export function describeCall(state: CampusState, call: Call) {
  const hostUserId = getHostUserId(call);
  return {
    callId: call.callId,
    hostUserId,
    hostUsername: requireCallMember(state, hostUserId).username,
    createdAt: toIsoTime(call.createdAt),
    endedAt: call.endedAt === null ? null : toIsoTime(call.endedAt),
    members: listCurrentParticipations(call).map((participation) => ({
      username: requireCallMember(state, participation.userId).username,
      userId: participation.userId,
      participationId: participation.participationId,
      role: participation.role,
      presence: participation.presence,
      stageState: participation.stageState,
      camera: participation.camera,
      microphone: participation.microphone,
      playbackMuted: participation.playbackMuted,
      simulated: participation.simulated,
      tabId: participation.tabId,
    })),
    invitations: state.invitations.listPendingTo(call.callId).map((invitation) => ({
      invitationId: invitation.invitationId,
      recipientUsername: requireCallMember(state, invitation.recipientUserId).username,
      role: invitation.role,
      expiresAt: toIsoTime(invitation.expiresAt),
    })),
  };
}
