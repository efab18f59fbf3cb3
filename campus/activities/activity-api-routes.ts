import { Hono } from "hono";
import { callActivitySchema } from "../../lib/contract";
import { readActivity, registerActivity } from "./activity-access";
import { renewActivityEntry, requireActivityEntry } from "./activity-entry";
import type { CampusContext } from "../http/context";
import { applyFaults } from "../http/apply-faults";
import type { CallEnv } from "../calls/call-scope";
import { getCallAccess, requireCallScope } from "../calls/call-scope";
import { readJsonBody, rejectQuery } from "../core/request-input";

/**
 * The activity endpoints of spec 4.11-4.13, mounted at /v1/apps/calls: POST /activities (CallActivity,
 * `calls:control`), GET /activities/{id} (`calls:control`) and GET /activity-entry (`calls:read`, no
 * parameters); fault keys activityRegister, activityRead, activityEntry.
 */
export function createActivityApiRoutes(context: CampusContext) {
  return new Hono<CallEnv>()
    .post("/activities", applyFaults(context, "activityRegister"), requireCallScope(context, "calls:control"), async (c) => {
      const access = getCallAccess(c);
      rejectQuery(c);
      // policy.ts: the grant is named in the body, so the body is read (400) before the grant is checked (403).
      const body = await readJsonBody(c, callActivitySchema);
      return c.json(registerActivity(context.state, access, body));
    })
    .get("/activities/:activityId", applyFaults(context, "activityRead"), requireCallScope(context, "calls:control"), (c) => {
      const activity = readActivity(context.state, getCallAccess(c), c.req.param("activityId"));
      rejectQuery(c);
      return c.json(activity);
    })
    .get("/activity-entry", applyFaults(context, "activityEntry"), requireCallScope(context, "calls:read"), (c) => {
      const access = getCallAccess(c);
      const entry = requireActivityEntry(context.state, context.clock, access);
      // Spec 4.13: never authorize from a URL, activity ID or browser-supplied key: no parameters at all.
      rejectQuery(c);
      return c.json(renewActivityEntry(context.clock, access, entry));
    });
}
