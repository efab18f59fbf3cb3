import type { CallRole } from "../../lib/contract";
import type { Clock } from "../clock";
import { createPrefixedId } from "../ids";

export type Presence = "connected" | "reconnecting" | "leaving";
export type StageState = "none" | "requested" | "approved";

/** One member in one call, bound to one campus tab (spec 2 CallParticipant; a rejoin is a new one). */
export type Participation = {
  participationId: string;
  callId: string;
  userId: string;
  /** The campus tab that accepted the call; null for a simulated member, which has no browser. */
  tabId: string | null;
  simulated: boolean;
  role: CallRole;
  presence: Presence;
  stageState: StageState;
  camera: boolean;
  microphone: boolean;
  playbackMuted: boolean;
  joinedAt: number;
  /** When a simulated member started leaving (policy.ts: removed SIM_LEAVING_SECONDS later). */
  leavingSince: number | null;
  endedAt: number | null;
};

export type Call = {
  callId: string;
  hostParticipationId: string;
  createdAt: number;
  endedAt: number | null;
  /** In join order, so the first current one is the longest present. Ended ones stay for lookups. */
  participations: Participation[];
};

type JoinInput = { userId: string; tabId: string | null; simulated: boolean; role: CallRole };

export type CallStore = ReturnType<typeof createCallStore>;

export function createCallStore(clock: Clock) {
  const calls = new Map<string, Call>();
  const participations = new Map<string, Participation>();

  function addParticipation(call: Call, input: JoinInput): Participation {
    const participation: Participation = {
      ...input,
      participationId: createPrefixedId("ptc"),
      callId: call.callId,
      presence: "connected",
      stageState: "none",
      camera: false,
      microphone: false,
      playbackMuted: false,
      joinedAt: clock.now(),
      leavingSince: null,
      endedAt: null,
    };
    call.participations.push(participation);
    participations.set(participation.participationId, participation);
    return participation;
  }

  return {
    /** A new call with its host as the first participation. */
    openCall(host: JoinInput): { call: Call; host: Participation } {
      const call: Call = { callId: createPrefixedId("call"), hostParticipationId: "", createdAt: clock.now(), endedAt: null, participations: [] };
      calls.set(call.callId, call);
      const participation = addParticipation(call, host);
      call.hostParticipationId = participation.participationId;
      return { call, host: participation };
    },
    addParticipation,
    findCall: (callId: string) => calls.get(callId),
    findParticipation: (participationId: string) => participations.get(participationId),
    listCalls: (): Call[] => [...calls.values()],
    /** The member's one current participation, in any call and tab. */
    findCurrentParticipation: (userId: string) =>
      [...participations.values()].find((participation) => participation.userId === userId && participation.endedAt === null),
  };
}

export function isCurrentParticipation(participation: Participation): boolean {
  return participation.endedAt === null;
}

export function listCurrentParticipations(call: Call): Participation[] {
  return call.participations.filter(isCurrentParticipation);
}
