import type { Capacity, CallRole } from "../../lib/contract";
import { LIMITS } from "../../lib/contract";
import type { Clock } from "../core/clock";
import { restError } from "../core/errors";
import { SIM_LEAVING_SECONDS } from "../core/policy";
import type { CampusState } from "../state/campus-state";
import type { Call, Participation } from "../state/calls";
import { listCurrentParticipations } from "../state/calls";

const callConflict = (message: string) => restError("CALL_CONFLICT", message);

/** Spec 2: 100 members and six speaker seats; seats taken are speakers plus approved (reserved) requests. */
export function readCapacity(call: Call): Capacity {
  const current = listCurrentParticipations(call);
  return {
    members: current.length,
    maxMembers: LIMITS.callCapacity,
    speakerSeats: LIMITS.speakerSeats,
    seatsTaken: current.filter((p) => p.role === "speaker" || p.stageState === "approved").length,
  };
}

export function requireRoom(call: Call): void {
  if (readCapacity(call).members >= LIMITS.callCapacity) {
    throw callConflict(`The call is full: ${LIMITS.callCapacity} members is the limit`);
  }
}

export function requireFreeSeat(call: Call): void {
  if (readCapacity(call).seatsTaken >= LIMITS.speakerSeats) {
    throw callConflict(`All ${LIMITS.speakerSeats} speaker seats are taken or reserved`);
  }
}

export function requireCurrentCall(state: CampusState, callId: string): Call {
  const call = state.calls.findCall(callId);
  if (!call || call.endedAt !== null) throw callConflict("The call has ended");
  return call;
}

export function isHost(call: Call, participation: Participation): boolean {
  return call.hostParticipationId === participation.participationId;
}

/** Spec 4.5: an existing call is never switched or left automatically. */
export function requireNotInCall(state: CampusState, userId: string): void {
  const current = state.calls.findCurrentParticipation(userId);
  if (!current) return;
  const where = current.simulated ? "" : " (in this tab or another)";
  throw callConflict(`The member is already in a call${where}; leave it first, no call is switched automatically`);
}

/** Spec 4.5: a pending invitation or a call in another tab may prevent starting (policy.ts: both do). */
export function requireCanStart(state: CampusState, userId: string): void {
  requireNotInCall(state, userId);
  if (state.invitations.listPendingFor(userId).some((invitation) => isCallCurrent(state, invitation.callId))) {
    throw callConflict("The member has a pending incoming invitation; accept or decline it first");
  }
}

export function openCall(state: CampusState, input: { userId: string; tabId: string }): { call: Call; host: Participation } {
  requireCanStart(state, input.userId);
  // policy.ts: the starter hosts as a speaker.
  return state.calls.openCall({ ...input, simulated: false, role: "speaker" });
}

/** policy.ts: automatic allocation joins as audience; an explicit speaker role needs a free seat. */
export function joinCall(
  state: CampusState,
  call: Call,
  input: { userId: string; tabId: string | null; simulated: boolean; role: CallRole | null },
): Participation {
  if (call.endedAt !== null) throw callConflict("The call has ended");
  requireNotInCall(state, input.userId);
  requireRoom(call);
  if (input.role === "speaker") requireFreeSeat(call);
  return state.calls.addParticipation(call, { ...input, role: input.role ?? "audience" });
}

function isCallCurrent(state: CampusState, callId: string): boolean {
  return state.calls.findCall(callId)?.endedAt === null;
}

/** Ends one participation; a host hands over to the longest-present member, and an empty call ends. */
export function endParticipation(state: CampusState, clock: Clock, participation: Participation): void {
  if (participation.endedAt !== null) return;
  participation.endedAt = clock.now();
  Object.assign(participation, { camera: false, microphone: false, stageState: "none" });
  const call = state.calls.findCall(participation.callId);
  if (!call || call.endedAt !== null) return;
  const remaining = listCurrentParticipations(call);
  const next = remaining.find((candidate) => candidate.presence !== "leaving") ?? remaining[0];
  if (!next) {
    endCall(state, clock, call);
    return;
  }
  if (isHost(call, participation)) call.hostParticipationId = next.participationId;
}

/** `end`: the call ends for everyone and its pending invitations are cancelled (policy.ts). */
export function endCall(state: CampusState, clock: Clock, call: Call): void {
  if (call.endedAt !== null) return;
  call.endedAt = clock.now();
  for (const participation of listCurrentParticipations(call)) {
    participation.endedAt = call.endedAt;
    Object.assign(participation, { camera: false, microphone: false, stageState: "none" });
  }
  for (const invitation of state.invitations.listPendingTo(call.callId)) invitation.outcome = "cancelled";
}

/**
 * policy.ts: a simulated member that left is removed SIM_LEAVING_SECONDS later (campus clock).
 * Answers the calls it removed members from, whose presentations the caller settles.
 */
export function settleCalls(state: CampusState, clock: Clock): Set<string> {
  const changed = new Set<string>();
  for (const participation of state.calls.listLeaving()) {
    const since = participation.leavingSince;
    if (since === null || clock.now() < since + SIM_LEAVING_SECONDS * 1000) continue;
    endParticipation(state, clock, participation);
    changed.add(participation.callId);
  }
  return changed;
}
