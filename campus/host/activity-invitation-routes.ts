import { Hono } from "hono";
import { declineActivityInvitation } from "../activities/activity-invitations";
import { readCallPanel } from "./call-panel";
import type { CampusContext } from "../http/context";
import type { CampusEnv } from "../http/hono-env";
import { tabRequestSchema } from "../core/tab-id";
import { validateJson } from "../core/validate-json";
import { resolveMember } from "./member-cookie";


/**
 * The recipient's answer to an activity invitation in the campus page. Accept opens the app in a
 * new launch bound to the invitation (`POST /host/launches { tabId, activityInvitationId }`);
 * Decline answers the tab's new call panel. Mounted at /host/activity-invitations.
 */
export function createActivityInvitationRoutes(context: CampusContext) {
  return new Hono<CampusEnv>().post("/:invitationId/decline", validateJson(tabRequestSchema, "BAD_REQUEST"), (c) => {
    const { tabId } = c.req.valid("json");
    const member = resolveMember(c, context.state);
    const invitation = context.state.activities.findInvitation(c.req.param("invitationId"));
    declineActivityInvitation(context.state, context.clock, { invitation, member });
    return c.json(readCallPanel(context.state, context.clock, member, tabId));
  });
}
