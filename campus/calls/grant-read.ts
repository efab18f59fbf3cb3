import type { CallParticipant, CallStatus, Grant, MediaStatus } from "../../lib/contract";
import type { CampusState } from "../state/campus-state";
import type { Call, Participation } from "../state/calls";
import { listCurrentParticipations } from "../state/calls";
import type { CallGrant } from "../state/grants";
import type { CallAccess } from "./call-access";
import { findTabParticipation } from "./call-access";
import { requireCallMember } from "./call-members";
import { hasCurrentApproval, readGrantStatus } from "./grant-approval";
import { readCapacity } from "./participation";

/** Spec 2 CallParticipant: display data only, never a credential. */
export function toCallParticipant(state: CampusState, participation: Participation): CallParticipant {
  const member = requireCallMember(state, participation.userId);
  return {
    userId: member.userId,
    participationId: participation.participationId,
    username: member.username,
    avatarUrl: member.avatarUrl,
    role: participation.role,
    presence: participation.presence,
    stageState: participation.stageState,
  };
}

/** Native media status: the reader's own devices and connection, and the speakers' flags (at most six). */
function readMedia(call: Call, own: Participation): MediaStatus {
  return {
    camera: own.camera,
    microphone: own.microphone,
    playbackMuted: own.playbackMuted,
    connection: own.presence === "reconnecting" ? "reconnecting" : "connected",
    speakers: listCurrentParticipations(call)
      .filter((participation) => participation.role === "speaker")
      .map(({ participationId, camera, microphone }) => ({ participationId, camera, microphone })),
  };
}

export function getHostUserId(call: Call): string {
  return call.participations.find((participation) => participation.participationId === call.hostParticipationId)?.userId ?? "";
}

/** Spec 2: `approval`, `denied` and `ended` carry no roster; `active` carries the whole call view. */
export function readGrant(state: CampusState, grant: CallGrant): Grant {
  const status = readGrantStatus(state, grant);
  if (status !== "active") return { grantId: grant.grantId, status };
  const own = state.calls.findParticipation(grant.participationId);
  const call = own && state.calls.findCall(own.callId);
  if (!own || !call) return { grantId: grant.grantId, status: "ended" };
  return {
    grantId: grant.grantId,
    status,
    callId: call.callId,
    participationId: own.participationId,
    hostUserId: getHostUserId(call),
    role: own.role,
    stageState: own.stageState,
    capacity: readCapacity(call),
    participants: listCurrentParticipations(call).map((participation) => toCallParticipant(state, participation)),
    media: readMedia(call, own),
  };
}

/** Spec 3 access state: only the three valid combinations; it changes nothing. */
export function readCallStatus(state: CampusState, access: CallAccess): CallStatus {
  const participation = findTabParticipation(state, access);
  if (!participation) return { inCall: false, canAttach: false, access: "unavailable" };
  const approved = hasCurrentApproval(state, access.token.clientId, participation.participationId);
  return { inCall: true, canAttach: true, access: approved ? "approved" : "approvalRequired" };
}
