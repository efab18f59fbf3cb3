import { requireCallMember } from "../calls/call-members";
import { requireCurrentCall } from "../calls/participation";
import { restError } from "../core/errors";
import type { CampusState } from "../state/campus-state";
import type { Participation } from "../state/calls";
import { listCurrentParticipations } from "../state/calls";
import type { CallCommand } from "../state/commands";

/** A member the native activity sheet can select. */
export type ActivityCandidate = { userId: string; username: string };

const callConflict = (message: string) => restError("CALL_CONFLICT", message);

/**
 * Spec 4.7 activityInvite: "native selection of current members (defaults to the other current
 * members)". policy.ts: simulated members have no campus tab to answer in, so they are not offered.
 */
export function listActivityCandidates(state: CampusState, inviter: Participation): ActivityCandidate[] {
  const call = state.calls.findCall(inviter.callId);
  if (!call || call.endedAt !== null || inviter.endedAt !== null) return [];
  return listCurrentParticipations(call)
    .filter((participation) => !participation.simulated && participation.userId !== inviter.userId)
    .map(({ userId }) => ({ userId, username: requireCallMember(state, userId).username }));
}

/** Request-time and confirmation-time checks (409): the inviter is in the call, and someone else is too. */
export function checkActivityOffer(state: CampusState, inviter: Participation): ActivityCandidate[] {
  if (inviter.endedAt !== null) throw callConflict("The member is no longer in this call");
  requireCurrentCall(state, inviter.callId);
  const candidates = listActivityCandidates(state, inviter);
  if (candidates.length === 0) throw callConflict("Nobody else in this call can be invited to the activity");
  return candidates;
}

/**
 * The members chosen in the native sheet: without a choice, every other current member (spec
 * 4.7 default). policy.ts: a choice must name at least one of them, each once (400 otherwise).
 */
export function chooseActivityRecipients(state: CampusState, inviter: Participation, recipientIds?: readonly string[]): string[] {
  const candidates = checkActivityOffer(state, inviter).map((candidate) => candidate.userId);
  if (recipientIds === undefined) return candidates;
  const chosen = [...new Set(recipientIds)];
  if (chosen.length === 0 || chosen.length !== recipientIds.length || !chosen.every((userId) => candidates.includes(userId))) {
    throw restError("BAD_USER_INPUT", "recipientIds must name one or more other current members of the call, each once");
  }
  return chosen;
}

/** The prompt's activity and the members it offers, for the inviter's campus tab (GET /host/call); nothing for other kinds. */
export function describeActivityPrompt(state: CampusState, command: CallCommand) {
  if (command.kind !== "activityInvite") return {};
  const activity = command.parameters.activityId === undefined ? undefined : state.activities.findActivity(command.parameters.activityId);
  const inviter = command.participationId === null ? undefined : state.calls.findParticipation(command.participationId);
  return {
    activity: activity ? { activityId: activity.activityId, label: activity.label } : null,
    candidates: inviter ? listActivityCandidates(state, inviter) : [],
  };
}

/** Confirmed: one invitation per selected recipient, each expiring five minutes later (spec 3). */
export function sendActivityInvitations(state: CampusState, command: CallCommand, inviter: Participation, recipientIds?: readonly string[]): void {
  const activity = command.parameters.activityId === undefined ? undefined : state.activities.findActivity(command.parameters.activityId);
  if (!activity || activity.callId !== inviter.callId) throw restError("FORBIDDEN", "The activity does not belong to this call");
  for (const recipientUserId of chooseActivityRecipients(state, inviter, recipientIds)) {
    state.activities.sendInvitation({
      activityId: activity.activityId,
      callId: activity.callId,
      inviterUserId: inviter.userId,
      recipientUserId,
      commandId: command.commandId,
    });
  }
}

/**
 * Checks a selection before it confirms a prompt (page or control API), so that a bad choice is
 * 400 and the prompt stays open. When nobody can be invited any more, the confirmation itself
 * fails the command (409 CALL_CONFLICT in its result).
 */
export function validateActivityChoice(state: CampusState, command: CallCommand, recipientIds: readonly string[]): void {
  if (command.kind !== "activityInvite") throw restError("BAD_USER_INPUT", "recipientIds answers activity invitations only");
  const inviter = command.participationId === null ? undefined : state.calls.findParticipation(command.participationId);
  if (inviter && listActivityCandidates(state, inviter).length > 0) chooseActivityRecipients(state, inviter, recipientIds);
}
