import { Hono } from "hono";
import { requireTabParticipation } from "../../calls/call-access";
import { readCallStatus } from "../../calls/grant-read";
import { attachToCall } from "../../calls/grants";
import type { CampusContext } from "../../http/context";
import type { CampusEnv } from "../../http/hono-env";
import { applyFaults } from "../../http/apply-faults";
import { getCallAccess, rejectBody, rejectQuery, requireCallScope } from "./call-request";

/**
 * GET /v1/apps/calls/status (spec 4.3): the three valid combinations; it creates no grant,
 * prompt or command. POST /v1/apps/calls/attach (spec 4.4): a grant for the launch's accepted
 * participation, `active` or `approval` (the native prompt then shows in that tab).
 */
export function createStatusAttachRoutes(context: CampusContext) {
  return new Hono<CampusEnv>()
    .get("/v1/apps/calls/status", applyFaults(context, "status"), requireCallScope(context, "calls:read"), (c) => {
      rejectQuery(c);
      return c.json(readCallStatus(context.state, getCallAccess(c)));
    })
    .post("/v1/apps/calls/attach", applyFaults(context, "attach"), requireCallScope(context, "calls:read"), async (c) => {
      const access = getCallAccess(c);
      const participation = requireTabParticipation(context.state, access);
      rejectQuery(c);
      await rejectBody(c);
      return c.json(attachToCall(context.state, access, participation));
    });
}
