import type { CallRole } from "../../lib/contract";
import type { Clock } from "../core/clock";
import { createPrefixedId } from "../core/ids";
import { appendTo } from "./list-index";

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
  // Per member, oldest first: a member has one current participation at most, found among few.
  const byUser = new Map<string, Participation[]>();
  // Simulated members shown `leaving`, waiting for removal (calls/participation.ts settleCalls).
  const leaving = new Set<Participation>();

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
    appendTo(byUser, participation.userId, participation);
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
    findCurrentParticipation: (userId: string) => byUser.get(userId)?.find((participation) => participation.endedAt === null),
    /** policy.ts: a simulated member that leaves shows `leaving` until settleCalls removes it. */
    markLeaving(participation: Participation, at: number): void {
      participation.presence = "leaving";
      participation.leavingSince = at;
      leaving.add(participation);
    },
    /** Leaving participations not yet removed, in the order they started leaving. */
    listLeaving(): Participation[] {
      for (const participation of leaving) if (participation.endedAt !== null) leaving.delete(participation);
      return [...leaving];
    },
  };
}

export function isCurrentParticipation(participation: Participation): boolean {
  return participation.endedAt === null;
}

export function listCurrentParticipations(call: Call): Participation[] {
  return call.participations.filter(isCurrentParticipation);
}
