import type { CallParticipant, Capacity } from "../../lib/contract";
import type { ActivityPanel } from "../activities/activity-invitations";
import { readActivityPanel } from "../activities/activity-invitations";
import type { ActivityCandidate } from "../activities/activity-offers";
import { describeActivityPrompt } from "../activities/activity-offers";
import type { Clock } from "../core/clock";
import type { NativePresentationView } from "../presentations/presentation-read";
import { readNativePresentation } from "../presentations/presentation-read";
import type { CampusState } from "../state/campus-state";
import type { CallCommand } from "../state/commands";
import type { CampusMember } from "../state/members";
import { getAppName } from "../state/registration";
import { requireCallMember } from "../calls/call-members";
import { listOpenPrompts, markPromptShown } from "../commands/answer-command";
import { toCallParticipant } from "../calls/grant-read";
import { listGrantsAwaitingApproval } from "../calls/grant-approval";
import { isHost, readCapacity } from "../calls/participation";

type PanelParticipant = CallParticipant & { simulated: boolean; isHost: boolean; isSelf: boolean; camera: boolean; microphone: boolean };

/** What the native call panel of one campus tab shows (GET /host/call). */
export type CallPanel = ActivityPanel & {
  member: { userId: string; username: string };
  app: { name: string; origin: string };
  call: null | {
    callId: string;
    participationId: string;
    isHost: boolean;
    role: string;
    stageState: string;
    presence: string;
    camera: boolean;
    microphone: boolean;
    playbackMuted: boolean;
    capacity: Capacity;
    participants: PanelParticipant[];
    /** Every simulated member this call has had, current or gone, for the simulator. */
    simulated: Array<{ username: string; participationId: string; current: boolean }>;
  };
  /** The member is in a call in another campus tab (this tab shows no call). */
  callInOtherTab: boolean;
  invitations: Array<{ invitationId: string; callId: string; inviter: string; role: string | null; expiresAt: string }>;
  approvalPrompt: boolean;
  prompts: Array<{
    commandId: string;
    kind: string;
    action: string | null;
    recipientId: string | null;
    role: string | null;
    /** For accept: who sent the invitation it answers. */
    inviter: string | null;
    status: string;
    /** Only for activityInvite: the activity, and the members the sheet offers (all preselected, spec 4.7). */
    activity?: { activityId: string; label: string } | null;
    candidates?: ActivityCandidate[];
  }>;
  /** Members who can be invited (for the recipient selects). */
  recipients: Array<{ userId: string; username: string }>;
  /** The native presentation of this tab: full, or compact while an app presents (spec 3). */
  presentation: NativePresentationView;
};

function toPrompt(state: CampusState, command: CallCommand): CallPanel["prompts"][number] {
  const invitation = command.invitationId === null ? undefined : state.invitations.findInvitation(command.invitationId);
  return {
    commandId: command.commandId,
    kind: command.kind,
    action: command.parameters.action ?? null,
    recipientId: command.parameters.recipientId ?? null,
    role: command.parameters.role ?? null,
    inviter: invitation ? requireCallMember(state, invitation.inviterUserId).username : null,
    status: command.status,
    ...describeActivityPrompt(state, command),
  };
}

/**
 * Builds the panel of one tab. Reading it shows the tab's open prompts to the member, so their
 * commands move from `pending` to `working` (policy.ts).
 */
export function readCallPanel(state: CampusState, clock: Clock, member: CampusMember, tabId: string): CallPanel {
  const registration = state.registration.getRegistration();
  const current = state.calls.findCurrentParticipation(member.userId);
  const own = current?.tabId === tabId ? current : undefined;
  const call = own && state.calls.findCall(own.callId);
  const prompts = listOpenPrompts(state, clock, { userId: member.userId, tabId });
  prompts.forEach(markPromptShown);
  const simulatedUsers = new Map<string, { username: string; participationId: string; current: boolean }>();
  for (const participation of call?.participations ?? []) {
    if (!participation.simulated) continue;
    const { username } = requireCallMember(state, participation.userId);
    simulatedUsers.set(username, { username, participationId: participation.participationId, current: participation.endedAt === null });
  }
  return {
    member: { userId: member.userId, username: member.username },
    app: { name: getAppName(registration), origin: registration.appOrigin },
    call:
      own && call
        ? {
            callId: call.callId,
            participationId: own.participationId,
            isHost: isHost(call, own),
            role: own.role,
            stageState: own.stageState,
            presence: own.presence,
            camera: own.camera,
            microphone: own.microphone,
            playbackMuted: own.playbackMuted,
            capacity: readCapacity(call),
            participants: call.participations
              .filter((participation) => participation.endedAt === null)
              .map((participation) => ({
                ...toCallParticipant(state, participation),
                simulated: participation.simulated,
                isHost: isHost(call, participation),
                isSelf: participation === own,
                camera: participation.camera,
                microphone: participation.microphone,
              })),
            simulated: [...simulatedUsers.values()],
          }
        : null,
    callInOtherTab: current !== undefined && own === undefined,
    invitations: state.invitations.listPendingFor(member.userId).flatMap((invitation) => {
      if (state.calls.findCall(invitation.callId)?.endedAt !== null) return [];
      const inviter = requireCallMember(state, invitation.inviterUserId);
      return [{ invitationId: invitation.invitationId, callId: invitation.callId, inviter: inviter.username, role: invitation.role, expiresAt: new Date(invitation.expiresAt).toISOString() }];
    }),
    approvalPrompt: own !== undefined && listGrantsAwaitingApproval(state, own.participationId).length > 0,
    prompts: prompts.map((command) => toPrompt(state, command)),
    recipients: state.members
      .listMembers()
      .filter((candidate) => candidate.userId !== member.userId)
      .map(({ userId, username }) => ({ userId, username })),
    presentation: readNativePresentation(state, member.userId, tabId),
    ...readActivityPanel(state, member, tabId),
  };
}
