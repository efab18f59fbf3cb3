import { LIMITS } from "../../lib/contract";
import type { Clock } from "../core/clock";
import { restError } from "../core/errors";
import type { CampusState } from "../state/campus-state";
import type { Call, Participation } from "../state/calls";
import { performCallAction } from "./call-actions";
import { endParticipation, joinCall, readCapacity, requireCurrentCall, requireFreeSeat } from "./participation";

export const SIMULATOR_OPERATIONS = ["speak", "drop", "restore", "leave", "rejoin", "stage-request"] as const;
export type SimulatorOperation = (typeof SIMULATOR_OPERATIONS)[number];

const callConflict = (message: string) => restError("CALL_CONFLICT", message);

/** Adds `count` generated members as audience; all or none (409 past 100 members). */
export function addSimulatedMembers(state: CampusState, call: Call, count: number): Participation[] {
  if (readCapacity(call).members + count > LIMITS.callCapacity) {
    throw callConflict(`The call is full: ${LIMITS.callCapacity} members is the limit`);
  }
  return Array.from({ length: count }, () => {
    const member = state.simulatedMembers.addMember();
    return joinCall(state, call, { userId: member.userId, tabId: null, simulated: true, role: null });
  });
}

function requireCurrent(participation: Participation): Participation {
  if (participation.endedAt !== null) throw callConflict("This participation has ended; rejoin creates a new one");
  if (participation.presence === "leaving") throw callConflict("This participant is leaving");
  return participation;
}

/** Takes a seat (using an approved reservation if it has one) with camera and microphone on. */
function speak(state: CampusState, participation: Participation): void {
  const call = requireCurrentCall(state, participation.callId);
  if (participation.role !== "speaker" && participation.stageState !== "approved") requireFreeSeat(call);
  Object.assign(participation, { role: "speaker", stageState: "none", camera: true, microphone: true });
}

/** policy.ts: rejoining ends the current participation and creates a new one in the same tab, as audience. */
function rejoin(state: CampusState, clock: Clock, participation: Participation): Participation {
  const call = requireCurrentCall(state, participation.callId);
  const current = state.calls.findCurrentParticipation(participation.userId);
  if (current && current !== participation) throw callConflict("The member is in another call now");
  if (current && readCapacity(call).members === 1) throw callConflict("The only member cannot rejoin: leaving would end the call");
  endParticipation(state, clock, participation);
  const { userId, tabId, simulated } = participation;
  return joinCall(state, requireCurrentCall(state, call.callId), { userId, tabId, simulated, role: null });
}

/**
 * The simulator's operations on one participation (the page shows them for simulated members;
 * the control API allows them on any). Returns the participation they leave in place.
 */
export function simulate(state: CampusState, clock: Clock, participation: Participation, operation: SimulatorOperation): Participation {
  switch (operation) {
    case "rejoin":
      return rejoin(state, clock, participation);
    case "speak":
      speak(state, requireCurrent(participation));
      return participation;
    case "drop":
      requireCurrent(participation).presence = "reconnecting";
      return participation;
    case "restore":
      requireCurrent(participation).presence = "connected";
      return participation;
    case "stage-request":
      performCallAction(state, clock, requireCurrent(participation), "stage/request");
      return participation;
    case "leave":
      requireCurrent(participation);
      // policy.ts: a simulated member shows `leaving` before removal; a real member leaves at once.
      if (!participation.simulated) endParticipation(state, clock, participation);
      else state.calls.markLeaving(participation, clock.now());
      return participation;
  }
}
