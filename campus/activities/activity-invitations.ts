import type { Clock } from "../core/clock";
import { toIsoTime } from "../core/clock";
import { requireCallMember } from "../calls/call-members";
import { restError } from "../core/errors";
import { openLaunch } from "../login/launch-login";
import type { ActivityInvitation } from "../state/activities";
import type { CampusState } from "../state/campus-state";
import type { Participation } from "../state/calls";
import type { Launch } from "../state/launches";
import { isCurrentLaunch } from "../state/launches";
import type { CampusMember } from "../state/members";

const callConflict = (message: string) => restError("CALL_CONFLICT", message);

/** What the native call panel of one tab shows about activities (part of GET /host/call). */
export type ActivityPanel = {
  /** Pending invitations to activities of the call in this tab (spec 3: five minutes each). */
  activityInvitations: Array<{ invitationId: string; activityId: string; label: string; inviter: string; expiresAt: string }>;
  /** The tab's current launch, when an accepted invitation opened it: the page mounts it. */
  activityLaunch: { launchId: string; invitationId: string } | null;
};

/** policy.ts: a recipient sees and answers an invitation only in the campus tab of their participation in that call. */
function findCallInTab(state: CampusState, member: CampusMember, tabId: string): Participation | undefined {
  const participation = state.calls.findCurrentParticipation(member.userId);
  return participation?.tabId === tabId ? participation : undefined;
}

function requirePendingInvitation(state: CampusState, invitation: ActivityInvitation | undefined, member: CampusMember): ActivityInvitation {
  if (!invitation || invitation.recipientUserId !== member.userId) throw callConflict("There is no such activity invitation for this member");
  if (!state.activities.isPending(invitation)) throw callConflict("The activity invitation was already answered, replaced or has expired");
  return invitation;
}

/**
 * Accept (spec 4.13): opens the app in a new launch of the recipient's call tab, bound to the
 * invitation; the tab's previous launch ends (app exit). The entry opens now and is leased from
 * its first successful read.
 */
export function acceptActivityInvitation(
  state: CampusState,
  clock: Clock,
  input: { invitation: ActivityInvitation | undefined; member: CampusMember; tabId: string },
): Launch {
  const invitation = requirePendingInvitation(state, input.invitation, input.member);
  const participation = state.calls.findCurrentParticipation(input.member.userId);
  if (!participation || participation.callId !== invitation.callId) throw callConflict("The member is no longer in the activity's call");
  if (participation.tabId !== input.tabId) throw callConflict("Accept the activity invitation in the campus tab of the call");
  const launch = openLaunch(state, input.member, input.tabId);
  Object.assign(invitation, { status: "accepted", answeredAt: clock.now(), launchId: launch.launchId });
  state.activityEntries.openEntry({
    invitationId: invitation.invitationId,
    activityId: invitation.activityId,
    userId: input.member.userId,
    launchId: launch.launchId,
    tabId: input.tabId,
    participationId: participation.participationId,
  });
  return launch;
}

export function declineActivityInvitation(state: CampusState, clock: Clock, input: { invitation: ActivityInvitation | undefined; member: CampusMember }): void {
  const invitation = requirePendingInvitation(state, input.invitation, input.member);
  Object.assign(invitation, { status: "declined", answeredAt: clock.now() });
}

export function readActivityPanel(state: CampusState, member: CampusMember, tabId: string): ActivityPanel {
  const participation = findCallInTab(state, member, tabId);
  const invitations = participation
    ? state.activities.listPendingFor(member.userId).filter((invitation) => invitation.callId === participation.callId)
    : [];
  const { generation } = state.registration.getRegistration();
  const current = state.launches.findCurrentLaunch(tabId);
  const entry = current && isCurrentLaunch(current, generation) ? state.activityEntries.findByLaunch(current.launchId) : undefined;
  const bound = entry?.userId === member.userId ? entry : undefined;
  return {
    activityInvitations: invitations.map((invitation) => ({
      invitationId: invitation.invitationId,
      activityId: invitation.activityId,
      label: state.activities.findActivity(invitation.activityId)?.label ?? "",
      inviter: requireCallMember(state, invitation.inviterUserId).username,
      expiresAt: toIsoTime(invitation.expiresAt),
    })),
    activityLaunch: bound ? { launchId: bound.launchId, invitationId: bound.invitationId } : null,
  };
}
