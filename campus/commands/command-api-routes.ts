import { Hono } from "hono";
import { acceptBodySchema, commandBodySchemas, commandKindSchema, startBodySchema } from "../../lib/contract";
import { requireActivityOfCall } from "../activities/activity-access";
import { requireOwnGrant } from "../calls/call-access";
import type { CallEnv } from "../calls/call-scope";
import { getCallAccess, requireCallScope } from "../calls/call-scope";
import { requireActiveGrant } from "../calls/grant-approval";
import { restError } from "../core/errors";
import { readJsonBody, rejectQuery } from "../core/request-input";
import { validateJson } from "../core/validate-json";
import { applyFaults } from "../http/apply-faults";
import type { CampusContext } from "../http/context";
import { toCommandRead } from "./answer-command";
import { issueCommand } from "./issue-command";

/**
 * The command endpoints of spec 4, mounted at /v1/apps/calls, all `calls:control`:
 * POST /start and /accept (4.5, 4.6: no grant needed; both wait for the member's native
 * confirmation in the launch's campus tab), POST /grants/{id}/commands/{kind} (4.7: requires
 * native call-access approval; `activityInvite` opens the native selection of current members in
 * the inviter's campus tab) and GET /commands/{id} (4.8: only the issuing app and member).
 */
export function createCommandApiRoutes(context: CampusContext) {
  return new Hono<CallEnv>()
    .post(
      "/start",
      applyFaults(context, "start"),
      requireCallScope(context, "calls:control"),
      validateJson(startBodySchema, "BAD_USER_INPUT"),
      (c) => c.json(issueCommand(context.state, context.clock, { access: getCallAccess(c), kind: "start", body: c.req.valid("json") })),
    )
    .post(
      "/accept",
      applyFaults(context, "accept"),
      requireCallScope(context, "calls:control"),
      validateJson(acceptBodySchema, "BAD_USER_INPUT"),
      (c) => c.json(issueCommand(context.state, context.clock, { access: getCallAccess(c), kind: "accept", body: c.req.valid("json") })),
    )
    .post("/grants/:grantId/commands/:kind", applyFaults(context, "command"), requireCallScope(context, "calls:control"), async (c) => {
      const { state, clock } = context;
      const access = getCallAccess(c);
      const owned = requireOwnGrant(state, access, c.req.param("grantId"));
      const grant = requireActiveGrant(state, owned, "Grant commands need the member's current approval of this call for the app");
      rejectQuery(c);
      const kind = commandKindSchema.safeParse(c.req.param("kind"));
      if (!kind.success) throw restError("BAD_USER_INPUT", "Unknown command kind; use invite, action, playback or activityInvite");
      const body = await readJsonBody(c, commandBodySchemas[kind.data]);
      // Spec 2, 4.7: an activity invitation names an activity of this app and the grant's call (else 403).
      if ("activityId" in body) requireActivityOfCall(state, access, body.activityId, grant.participation.callId);
      return c.json(issueCommand(state, clock, { access, kind: kind.data, body, grant }));
    })
    .get("/commands/:commandId", applyFaults(context, "commandRead"), requireCallScope(context, "calls:control"), (c) => {
      const { token, member } = getCallAccess(c);
      const command = context.state.commands.findCommand(c.req.param("commandId"));
      if (!command || command.appClientId !== token.clientId || command.userId !== member.userId) {
        throw restError("FORBIDDEN", "No command with this ID belongs to this app and member");
      }
      rejectQuery(c);
      return c.json(toCommandRead(context.clock, command));
    });
}
