import { LIMITS } from "../../lib/contract";
import type { Clock } from "../core/clock";
import { hasExpired } from "../core/clock";
import { createPrefixedId } from "../core/ids";

/** A shared activity (spec 2 CallActivity): one app's own session, registered for one call. */
export type Activity = {
  activityId: string;
  clientId: string;
  callId: string;
  /** Server-owned key of the app's session; only the verified entry returns it (spec 4.12, 4.13). */
  sessionKey: string;
  label: string;
  /** The member who registered it, through their grant. */
  registeredBy: string;
  grantId: string;
  createdAt: number;
};

export type ActivityInvitationStatus = "pending" | "accepted" | "declined" | "replaced";

/** An invitation to an activity for one current member of its call (spec 4.7 activityInvite). */
export type ActivityInvitation = {
  invitationId: string;
  activityId: string;
  callId: string;
  inviterUserId: string;
  recipientUserId: string;
  commandId: string;
  status: ActivityInvitationStatus;
  createdAt: number;
  /** Spec 3: recipient invitations expire after five minutes (campus clock). */
  expiresAt: number;
  answeredAt: number | null;
  /** The launch an accepted invitation opened (spec 4.13 "bound to the new launch"). */
  launchId: string | null;
};

type RegisterInput = Pick<Activity, "clientId" | "callId" | "sessionKey" | "label" | "registeredBy" | "grantId">;
type InviteInput = Pick<ActivityInvitation, "activityId" | "callId" | "inviterUserId" | "recipientUserId" | "commandId">;

export type ActivityStore = ReturnType<typeof createActivityStore>;

export function createActivityStore(clock: Clock) {
  const activities = new Map<string, Activity>();
  const invitations: ActivityInvitation[] = [];
  const isPending = (invitation: ActivityInvitation) => invitation.status === "pending" && !hasExpired(clock, invitation.expiresAt);

  return {
    /** policy.ts: the same app, call and session key register one activity; a new label replaces the old. */
    registerActivity(input: RegisterInput): Activity {
      const existing = [...activities.values()].find(
        (activity) => activity.clientId === input.clientId && activity.callId === input.callId && activity.sessionKey === input.sessionKey,
      );
      if (existing) {
        existing.label = input.label;
        return existing;
      }
      const activity: Activity = { ...input, activityId: createPrefixedId("act"), createdAt: clock.now() };
      activities.set(activity.activityId, activity);
      return activity;
    },
    findActivity: (activityId: string) => activities.get(activityId),
    listActivities: (): Activity[] => [...activities.values()],

    /** policy.ts: a new invitation to the same activity and recipient replaces a pending one. */
    sendInvitation(input: InviteInput): ActivityInvitation {
      const now = clock.now();
      for (const invitation of invitations) {
        if (invitation.activityId === input.activityId && invitation.recipientUserId === input.recipientUserId && isPending(invitation)) {
          Object.assign(invitation, { status: "replaced", answeredAt: now });
        }
      }
      const invitation: ActivityInvitation = {
        ...input,
        invitationId: createPrefixedId("ain"),
        status: "pending",
        createdAt: now,
        expiresAt: now + LIMITS.activityInvitationExpirySeconds * 1000,
        answeredAt: null,
        launchId: null,
      };
      invitations.push(invitation);
      return invitation;
    },
    findInvitation: (invitationId: string) => invitations.find((invitation) => invitation.invitationId === invitationId),
    isPending,
    /** Unanswered, unexpired invitations to a member, newest first. */
    listPendingFor: (recipientUserId: string): ActivityInvitation[] =>
      invitations.filter((invitation) => invitation.recipientUserId === recipientUserId && isPending(invitation)).reverse(),
    listInvitations: (): ActivityInvitation[] => [...invitations],
  };
}

/** The status the control API shows: a pending invitation past its expiry reads `expired`. */
export function readInvitationStatus(clock: Clock, invitation: ActivityInvitation): ActivityInvitationStatus | "expired" {
  return invitation.status === "pending" && hasExpired(clock, invitation.expiresAt) ? "expired" : invitation.status;
}
