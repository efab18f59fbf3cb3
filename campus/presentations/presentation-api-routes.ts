import { Hono } from "hono";
import { callPrepareSchema, callTileSchema } from "../../lib/contract";
import type { CampusContext } from "../http/context";
import { requirePresentingGrant, requireOwnPresentation } from "./presentation-access";
import {
  commitPresentation,
  heartbeatPresentation,
  preparePresentation,
  releasePresentation,
  requestTile,
} from "./presentation-actions";
import { settleGrantPresentations } from "./restoration";
import { applyFaults } from "../http/apply-faults";
import type { CallEnv } from "../calls/call-scope";
import { getCallAccess, requireCallScope } from "../calls/call-scope";
import { readJsonBody, rejectBody, rejectQuery } from "../core/request-input";

/**
 * The presentation endpoints of spec 4.9, mounted at /v1/apps/calls: POST /grants/{id}/presentations
 * (CallPrepare), /presentations/{id}/tiles (CallTile) and /presentations/{id}/{commit|heartbeat|release}
 * (no body). All need `calls:read`
 * and an active grant in the launch's tab; fault keys prepare, tile, commit, heartbeat, release.
 */
export function createPresentationApiRoutes(context: CampusContext) {
  // policy.ts: a REST call settles the presentations it reads, those of one grant (app.ts settles the rest).
  const settleGrant = (grantId: string | undefined) => {
    if (grantId !== undefined) settleGrantPresentations(context.state, context.clock, grantId);
  };
  const settleOwner = (presentationId: string) => settleGrant(context.state.presentations.findPresentation(presentationId)?.grantId);

  const routes = new Hono<CallEnv>()
    .post("/grants/:grantId/presentations", applyFaults(context, "prepare"), requireCallScope(context, "calls:read"), async (c) => {
      const access = getCallAccess(c);
      settleGrant(c.req.param("grantId"));
      const active = requirePresentingGrant(context.state, access, c.req.param("grantId"));
      rejectQuery(c);
      const { mode } = await readJsonBody(c, callPrepareSchema);
      return c.json(preparePresentation(context.state, context.clock, { ...active, access, mode }));
    })
    .post("/presentations/:presentationId/tiles", applyFaults(context, "tile"), requireCallScope(context, "calls:read"), async (c) => {
      settleOwner(c.req.param("presentationId"));
      const { presentation } = requireOwnPresentation(context.state, getCallAccess(c), c.req.param("presentationId"));
      rejectQuery(c);
      const body = await readJsonBody(c, callTileSchema);
      return c.json(requestTile(context.state, presentation, body));
    });
  for (const operation of ["commit", "heartbeat", "release"] as const) {
    routes.post(
      `/presentations/:presentationId/${operation}`,
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
            return c.json(releasePresentation(context.state, context.clock, presentation));
        }
      },
    );
  }
  return routes;
}
