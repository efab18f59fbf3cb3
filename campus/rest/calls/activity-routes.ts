import { Hono } from "hono";
import { callActivitySchema } from "../../../lib/contract";
import { readActivity, registerActivity } from "../../activities/activity-access";
import { renewActivityEntry, requireActivityEntry } from "../../activities/activity-entry";
import type { CampusContext } from "../../http/context";
import type { CampusEnv } from "../../http/hono-env";
import { applyFaults } from "../../http/apply-faults";
import { getCallAccess, readJsonBody, rejectQuery, requireCallScope } from "./call-request";

/**
 * Spec 4.11-4.13: POST /v1/apps/calls/activities (CallActivity, `calls:control`),
 * GET /v1/apps/calls/activities/{id} (`calls:control`) and GET /v1/apps/calls/activity-entry
 * (`calls:read`, no parameters); fault keys activityRegister, activityRead, activityEntry.
 */
export function createActivityRoutes(context: CampusContext) {
  return new Hono<CampusEnv>()
    .post("/v1/apps/calls/activities", applyFaults(context, "activityRegister"), requireCallScope(context, "calls:control"), async (c) => {
      const access = getCallAccess(c);
      rejectQuery(c);
      // policy.ts: the grant is named in the body, so the body is read (400) before the grant is checked (403).
      const body = await readJsonBody(c, callActivitySchema);
      return c.json(registerActivity(context.state, access, body));
    })
    .get("/v1/apps/calls/activities/:activityId", applyFaults(context, "activityRead"), requireCallScope(context, "calls:control"), (c) => {
      const activity = readActivity(context.state, getCallAccess(c), c.req.param("activityId"));
      rejectQuery(c);
      return c.json(activity);
    })
    .get("/v1/apps/calls/activity-entry", applyFaults(context, "activityEntry"), requireCallScope(context, "calls:read"), (c) => {
      const access = getCallAccess(c);
      const entry = requireActivityEntry(context.state, context.clock, access);
      // Spec 4.13: never authorize from a URL, activity ID or browser-supplied key: no parameters at all.
      rejectQuery(c);
      return c.json(renewActivityEntry(context.clock, access, entry));
    });
}
