import { Hono } from "hono";
import { commandBodySchemas, commandKindSchema } from "../../../lib/contract";
import { requireActivityOfCall } from "../../activities/activity-access";
import { requireOwnGrant } from "../../calls/call-access";
import { issueCommand } from "../../calls/commands/issue-command";
import { readGrant } from "../../calls/grant-read";
import { readGrantStatus } from "../../calls/grants";
import type { CampusContext } from "../../http/context";
import { restError } from "../../core/errors";
import type { CampusEnv } from "../../http/hono-env";
import { applyFaults } from "../../http/apply-faults";
import { getCallAccess, readJsonBody, rejectQuery, requireCallScope } from "./call-request";

/**
 * GET /v1/apps/calls/grants/{id} (spec 2 "Call grant") and
 * POST /v1/apps/calls/grants/{id}/commands/{kind} (spec 4.7: requires native call-access approval;
 * `activityInvite` opens the native selection of current members in the inviter's campus tab).
 */
export function createGrantRoutes(context: CampusContext) {
  return new Hono<CampusEnv>()
    .get("/v1/apps/calls/grants/:grantId", applyFaults(context, "grant"), requireCallScope(context, "calls:read"), (c) => {
      const grant = requireOwnGrant(context.state, getCallAccess(c), c.req.param("grantId"));
      rejectQuery(c);
      return c.json(readGrant(context.state, grant));
    })
    .post(
      "/v1/apps/calls/grants/:grantId/commands/:kind",
      applyFaults(context, "command"),
      requireCallScope(context, "calls:control"),
      async (c) => {
        const { state, clock } = context;
        const access = getCallAccess(c);
        const grant = requireOwnGrant(state, access, c.req.param("grantId"));
        if (readGrantStatus(state, grant) !== "active") {
          throw restError("FORBIDDEN", "Grant commands need the member's current approval of this call for the app");
        }
        const participation = state.calls.findParticipation(grant.participationId);
        if (!participation) throw restError("FORBIDDEN", "The grant's participation has ended");
        rejectQuery(c);
        const kind = commandKindSchema.safeParse(c.req.param("kind"));
        if (!kind.success) throw restError("BAD_USER_INPUT", "Unknown command kind; use invite, action, playback or activityInvite");
        const body = await readJsonBody(c, commandBodySchemas[kind.data]);
        // Spec 2, 4.7: an activity invitation names an activity of this app and the grant's call (else 403).
        if ("activityId" in body) requireActivityOfCall(state, access, body.activityId, participation.callId);
        return c.json(issueCommand(state, clock, { access, kind: kind.data, body, grant: { grant, participation } }));
      },
    );
}
