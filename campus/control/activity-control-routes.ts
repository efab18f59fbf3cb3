import { Hono } from "hono";
import { acceptActivityInvitation, declineActivityInvitation } from "../activities/activity-invitations";
import { describeActivities } from "./describe-activities";
import type { CampusContext } from "../http/context";
import { CampusError } from "../core/errors";
import { settleAllAround } from "../presentations/settle-all-around";
import type { CampusEnv } from "../http/hono-env";

const notFound = (message: string) => new CampusError("NOT_FOUND", 404, message);

/**
 * The control API for activities (campus/README.md). Accept does what the recipient's Accept
 * button does: a new launch in the tab of the recipient's call, bound to the invitation; an open
 * campus page of that tab mounts it.
 */
export function createControlActivityRoutes(context: CampusContext) {
  const findInvitation = (invitationId: string) => {
    const invitation = context.state.activities.findInvitation(invitationId);
    const member = invitation && context.state.members.findByUserId(invitation.recipientUserId);
    if (!invitation || !member) throw notFound("No such activity invitation");
    return { invitation, member };
  };

  return new Hono<CampusEnv>()
    .get("/activities", (c) => c.json(describeActivities(context.state, context.clock)))
    // policy.ts: an accepted invitation mounts a new launch, which ends the tab's old one.
    .post("/activity-invitations/:invitationId/accept", settleAllAround(context), (c) => {
      const { invitation, member } = findInvitation(c.req.param("invitationId"));
      const participation = context.state.calls.findCurrentParticipation(member.userId);
      const tabId = participation?.tabId ?? "";
      const launch = acceptActivityInvitation(context.state, context.clock, { invitation, member, tabId });
      return c.json({ invitationId: invitation.invitationId, launchId: launch.launchId, tabId: launch.tabId, username: member.username });
    })
    .post("/activity-invitations/:invitationId/decline", (c) => {
      const { invitation, member } = findInvitation(c.req.param("invitationId"));
      declineActivityInvitation(context.state, context.clock, { invitation, member });
      return c.json({ invitationId: invitation.invitationId, status: invitation.status });
    });
}
