import { Hono } from "hono";
import { acceptBodySchema, startBodySchema } from "../../../lib/contract";
import { issueCommand } from "../../calls/commands/issue-command";
import type { CampusContext } from "../../http/context";
import type { CampusEnv } from "../../http/hono-env";
import { validateJson } from "../../core/validate-json";
import { applyFaults } from "../../http/apply-faults";
import { getCallAccess, requireCallScope } from "./call-request";

/**
 * POST /v1/apps/calls/start and /accept (spec 4.5, 4.6): `calls:control`, no grant needed.
 * Both wait for the member's native confirmation in the launch's campus tab.
 */
export function createStartAcceptRoutes(context: CampusContext) {
  return new Hono<CampusEnv>()
    .post(
      "/v1/apps/calls/start",
      applyFaults(context, "start"),
      requireCallScope(context, "calls:control"),
      validateJson(startBodySchema, "BAD_USER_INPUT"),
      (c) => c.json(issueCommand(context.state, context.clock, { access: getCallAccess(c), kind: "start", body: c.req.valid("json") })),
    )
    .post(
      "/v1/apps/calls/accept",
      applyFaults(context, "accept"),
      requireCallScope(context, "calls:control"),
      validateJson(acceptBodySchema, "BAD_USER_INPUT"),
      (c) => c.json(issueCommand(context.state, context.clock, { access: getCallAccess(c), kind: "accept", body: c.req.valid("json") })),
    );
}
