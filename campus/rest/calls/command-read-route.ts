import { Hono } from "hono";
import { toCommandRead } from "../../calls/commands/answer-command";
import type { CampusContext } from "../../http/context";
import { restError } from "../../core/errors";
import type { CampusEnv } from "../../http/hono-env";
import { applyFaults } from "../../http/apply-faults";
import { getCallAccess, rejectQuery, requireCallScope } from "./call-request";

/** GET /v1/apps/calls/commands/{id} (spec 4.8): only the issuing app and member may read it. */
export function createCommandReadRoute(context: CampusContext) {
  return new Hono<CampusEnv>().get(
    "/v1/apps/calls/commands/:commandId",
    applyFaults(context, "commandRead"),
    requireCallScope(context, "calls:control"),
    (c) => {
      const { token, member } = getCallAccess(c);
      const command = context.state.commands.findCommand(c.req.param("commandId"));
      if (!command || command.appClientId !== token.clientId || command.userId !== member.userId) {
        throw restError("FORBIDDEN", "No command with this ID belongs to this app and member");
      }
      rejectQuery(c);
      return c.json(toCommandRead(context.clock, command));
    },
  );
}
