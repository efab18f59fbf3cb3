import type { Clock } from "../core/clock";
import { toIsoTime } from "../core/clock";
import { findCallMember } from "../calls/call-members";
import type { CampusState } from "../state/campus-state";
import { readInvitationStatus } from "../state/activities";

const isoOrNull = (ms: number | null) => (ms === null ? null : toIsoTime(ms));

/**
 * GET /control/activities: activities, their invitations and the recipients' entries, for tests
 * and demos. Session keys are left out: only the verified entry returns one (spec 4.12, 4.13).
 */
export function describeActivities(state: CampusState, clock: Clock) {
  const usernameOf = (userId: string) => findCallMember(state, userId)?.username ?? null;
  const labelOf = (activityId: string) => state.activities.findActivity(activityId)?.label ?? null;
  return {
    activities: state.activities.listActivities().map((activity) => ({
      activityId: activity.activityId,
      clientId: activity.clientId,
      callId: activity.callId,
      label: activity.label,
      inviter: usernameOf(activity.registeredBy),
      grantId: activity.grantId,
      createdAt: toIsoTime(activity.createdAt),
    })),
    invitations: state.activities.listInvitations().map((invitation) => ({
      invitationId: invitation.invitationId,
      activityId: invitation.activityId,
      callId: invitation.callId,
      label: labelOf(invitation.activityId),
      inviter: usernameOf(invitation.inviterUserId),
      recipient: usernameOf(invitation.recipientUserId),
      recipientUserId: invitation.recipientUserId,
      commandId: invitation.commandId,
      status: readInvitationStatus(clock, invitation),
      createdAt: toIsoTime(invitation.createdAt),
      expiresAt: toIsoTime(invitation.expiresAt),
      answeredAt: isoOrNull(invitation.answeredAt),
      launchId: invitation.launchId,
    })),
    entries: state.activityEntries.listEntries().map((entry) => ({
      entryId: entry.entryId,
      invitationId: entry.invitationId,
      activityId: entry.activityId,
      username: usernameOf(entry.userId),
      launchId: entry.launchId,
      tabId: entry.tabId,
      participationId: entry.participationId,
      createdAt: toIsoTime(entry.createdAt),
      leaseExpiresAt: isoOrNull(entry.leaseExpiresAt),
      endedAt: isoOrNull(entry.endedAt),
      endReason: entry.endReason,
    })),
  };
}
