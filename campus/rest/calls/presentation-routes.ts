import { Hono } from "hono";
import { callPrepareSchema, callTileSchema } from "../../../lib/contract";
import type { CampusContext } from "../../http/context";
import type { CampusEnv } from "../../http/hono-env";
import { requireActiveGrant, requireOwnPresentation } from "../../presentations/presentation-access";
import {
  commitPresentation,
  heartbeatPresentation,
  preparePresentation,
  releasePresentation,
  requestTile,
} from "../../presentations/presentation-actions";
import { settleGrantPresentations } from "../../presentations/restoration";
import { applyFaults } from "../../http/apply-faults";
import { getCallAccess, readJsonBody, rejectBody, rejectQuery, requireCallScope } from "./call-request";

/**
 * Spec 4.9: POST /v1/apps/calls/grants/{id}/presentations (CallPrepare), .../presentations/{id}/tiles
 * (CallTile) and .../presentations/{id}/{commit|heartbeat|release} (no body). All need `calls:read`
 * and an active grant in the launch's tab; fault keys prepare, tile, commit, heartbeat, release.
 */
export function createPresentationRoutes(context: CampusContext) {
  // policy.ts: a REST call settles the presentations it reads, those of one grant (app.ts settles the rest).
  const settleGrant = (grantId: string | undefined) => {
    if (grantId !== undefined) settleGrantPresentations(context.state, context.clock, grantId);
  };
  const settleOwner = (presentationId: string) => settleGrant(context.state.presentations.findPresentation(presentationId)?.grantId);

  const routes = new Hono<CampusEnv>()
    .post("/v1/apps/calls/grants/:grantId/presentations", applyFaults(context, "prepare"), requireCallScope(context, "calls:read"), async (c) => {
      const access = getCallAccess(c);
      settleGrant(c.req.param("grantId"));
      const active = requireActiveGrant(context.state, access, c.req.param("grantId"));
      rejectQuery(c);
      const { mode } = await readJsonBody(c, callPrepareSchema);
      return c.json(preparePresentation(context.state, context.clock, { ...active, access, mode }));
    })
    .post("/v1/apps/calls/presentations/:presentationId/tiles", applyFaults(context, "tile"), requireCallScope(context, "calls:read"), async (c) => {
      settleOwner(c.req.param("presentationId"));
      const { presentation } = requireOwnPresentation(context.state, getCallAccess(c), c.req.param("presentationId"));
      rejectQuery(c);
      const body = await readJsonBody(c, callTileSchema);
      return c.json(requestTile(context.state, presentation, body));
    });
  for (const operation of ["commit", "heartbeat", "release"] as const) {
    routes.post(
      `/v1/apps/calls/presentations/:presentationId/${operation}`,
      applyFaults(context, operation),
      requireCallScope(context, "calls:read"),
      async (c) => {
        settleOwner(c.req.param("presentationId"));
        const { presentation } = requireOwnPresentation(context.state, getCallAccess(c), c.req.param("presentationId"));
        rejectQuery(c);
        await rejectBody(c);
        switch (operation) {
          case "commit":
            return c.json(commitPresentation(context.state, context.clock, presentation));
          case "heartbeat":
            return c.json(heartbeatPresentation(context.clock, presentation));
          case "release":
            return c.json(releasePresentation(context.clock, presentation));
        }
      },
    );
  }
  return routes;
}
