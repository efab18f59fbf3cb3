import { Hono } from "hono";
import { rejectBody, rejectQuery } from "../core/request-input";
import { applyFaults } from "../http/apply-faults";
import type { CampusContext } from "../http/context";
import { requireOwnGrant, requireTabParticipation } from "./call-access";
import type { CallEnv } from "./call-scope";
import { getCallAccess, requireCallScope } from "./call-scope";
import { readCallStatus, readGrant } from "./grant-read";
import { attachToCall } from "./grant-approval";

/**
 * The call access endpoints of spec 4, mounted at /v1/apps/calls, all `calls:read`:
 * GET /status (4.3): the three valid combinations; it creates no grant, prompt or command.
 * POST /attach (4.4): a grant for the launch's accepted participation, `active` or `approval`
 * (the native prompt then shows in that tab). GET /grants/{id} (spec 2 "Call grant").
 */
export function createCallApiRoutes(context: CampusContext) {
  return new Hono<CallEnv>()
    .get("/status", applyFaults(context, "status"), requireCallScope(context, "calls:read"), (c) => {
      rejectQuery(c);
      return c.json(readCallStatus(context.state, getCallAccess(c)));
    })
    .post("/attach", applyFaults(context, "attach"), requireCallScope(context, "calls:read"), async (c) => {
      const access = getCallAccess(c);
      const participation = requireTabParticipation(context.state, access);
      rejectQuery(c);
      await rejectBody(c);
      return c.json(attachToCall(context.state, access, participation));
    })
    .get("/grants/:grantId", applyFaults(context, "grant"), requireCallScope(context, "calls:read"), (c) => {
      const grant = requireOwnGrant(context.state, getCallAccess(c), c.req.param("grantId"));
      rejectQuery(c);
      return c.json(readGrant(context.state, grant));
    });
}
