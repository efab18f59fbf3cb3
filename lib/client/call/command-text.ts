import type { CommandView } from "@/lib/wire/call-routes";
import type { CallAction, CallParticipant } from "@/lib/contract";
import { isFinalStatus } from "@/lib/shared/final-status";
import { NATIVE_CONFIRMATION } from "./call-controls";

/*
 * What the member asked for and where it stands, as sentences (spec 4.7-4.8): the kinds and
 * statuses of the wire stay in data attributes for tests; people read these.
 */

/** The label of an action's control, and the start of its request's sentence. */
export const ACTION_TEXT: Record<CallAction, string> = {
  cameraOn: "Turn camera on",
  cameraOff: "Turn camera off",
  unmute: "Unmute your microphone",
  mute: "Mute your microphone",
  leave: "Leave the call",
  end: "End the call for everyone",
  "stage/request": "Request the stage",
  "stage/join": "Join the stage",
  "stage/cancel": "Cancel your stage request",
  "stage/leave": "Leave the stage",
  "stage/approve": "Approve a stage request",
  "stage/reject": "Reject a stage request",
  "stage/demote": "Demote a speaker to the audience",
  decline: "Decline your call invitation",
  cancel: "Cancel your invitation",
};

const TARGETED_TEXT: Partial<Record<CallAction, (name: string) => string>> = {
  "stage/approve": (name) => `Approve ${name}'s stage request`,
  "stage/reject": (name) => `Reject ${name}'s stage request`,
  "stage/demote": (name) => `Demote ${name} to the audience`,
};

type Names = { byUserId: (userId: string) => string | null; byParticipationId: (participationId: string) => string | null };

/** Usernames of the roster, for display only (spec 2: they can change). */
export function rosterNames(participants: readonly CallParticipant[]): Names {
  return {
    byUserId: (userId) => participants.find((participant) => participant.userId === userId)?.username ?? null,
    byParticipationId: (id) => participants.find((participant) => participant.participationId === id)?.username ?? null,
  };
}

/** "Invite grace as a speaker", "Turn camera on", "Approve sim_01's stage request". */
export function describeCommand(command: CommandView, names: Names): string {
  const recipient = command.recipientId ? (names.byUserId(command.recipientId) ?? command.recipientId) : null;
  const asRole = command.role ? ` as ${command.role === "speaker" ? "a speaker" : "audience"}` : "";
  switch (command.kind) {
    case "start":
      return recipient ? `Start a call with ${recipient}${asRole}` : `Start a call${asRole}`;
    case "accept":
      return "Accept your call invitation";
    case "invite":
      return `Invite ${recipient ?? "someone you choose"}${asRole}`;
    case "playback":
      return command.muted ? "Mute the call audio" : "Unmute the call audio";
    case "activityInvite":
      return "Invite the call to your activity";
    case "action": {
      if (!command.action) return "A call action";
      const target = command.targetId ? (names.byParticipationId(command.targetId) ?? "a member who left") : null;
      const targeted = TARGETED_TEXT[command.action];
      return target && targeted ? targeted(target) : ACTION_TEXT[command.action];
    }
  }
}

/** Whether the campus waits for the member's own answer in its page (spec 4.7 native confirmation). */
export function waitsForMember(command: CommandView): boolean {
  const kind = command.kind === "action" ? (command.action ?? "") : command.kind;
  return !isFinalStatus(command.status) && NATIVE_CONFIRMATION.has(kind);
}

const STATUS_TEXT: Record<CommandView["status"], string> = {
  pending: "sent to the campus",
  working: "the campus is on it",
  applied: "done",
  declined: "declined",
  failed: "failed",
  expired: "expired: nobody answered within a minute",
};

/** "Turn camera on — waiting for you in the campus page". */
export function commandSentence(command: CommandView, names: Names): string {
  const status = waitsForMember(command) ? "waiting for you in the campus page" : STATUS_TEXT[command.status];
  return `${describeCommand(command, names)} — ${status}`;
}
