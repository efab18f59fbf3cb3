import { Hono } from "hono";
import { z } from "zod";
import { authenticateParamsSchema } from "../../lib/contract";
import { acceptActivityInvitation } from "../activities/activity-invitations";
import type { CampusContext } from "../context";
import type { CampusEnv } from "../hono-env";
import { describeConsentNeed, issueLaunchCode, openLaunch, requireCurrentLaunch } from "../login/launch-login";
import { validateJson } from "../validate-json";
import { resolveMember } from "./member-cookie";

// The page keeps one random tabId per campus tab in sessionStorage (launch "owning tab", spec 4).
export const tabIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,128}$/);
const launchRequestSchema = z.strictObject({ tabId: tabIdSchema });
// Accepting an activity invitation opens the app in a new launch bound to it (spec 4.13).
const newLaunchSchema = launchRequestSchema.extend({ activityInvitationId: z.string().min(1).max(128).optional() });
const codeRequestSchema = z.strictObject({
  tabId: tabIdSchema,
  state: authenticateParamsSchema.shape.state,
  // "approved": the member pressed Allow now; "remembered": the page skipped the dialog.
  consent: z.enum(["approved", "remembered"]),
});

/**
 * The campus page's own endpoints for the iframe login (not part of the spec API). JSON bodies
 * only: a cross-site form cannot send JSON, and no CORS is answered, so other sites cannot call them.
 */
export function createLaunchRoutes(context: CampusContext) {
  const requireLaunch = (c: Parameters<typeof resolveMember>[0], tabId: string) =>
    requireCurrentLaunch(context.state, {
      launchId: c.req.param("launchId") ?? "",
      member: resolveMember(c, context.state),
      tabId,
    });

  return new Hono<CampusEnv>()
    .post("/host/launches", validateJson(newLaunchSchema, "BAD_REQUEST"), (c) => {
      const { tabId, activityInvitationId } = c.req.valid("json");
      const member = resolveMember(c, context.state);
      if (activityInvitationId === undefined) return c.json({ launchId: openLaunch(context.state, member, tabId).launchId });
      const invitation = context.state.activities.findInvitation(activityInvitationId);
      const launch = acceptActivityInvitation(context.state, context.clock, { invitation, member, tabId });
      return c.json({ launchId: launch.launchId });
    })
    .post("/host/launches/:launchId/authorize", validateJson(launchRequestSchema, "BAD_REQUEST"), (c) => {
      const launch = requireLaunch(c, c.req.valid("json").tabId);
      return c.json(describeConsentNeed(context.state, launch));
    })
    .post("/host/launches/:launchId/codes", validateJson(codeRequestSchema, "BAD_REQUEST"), (c) => {
      const body = c.req.valid("json");
      const launch = requireLaunch(c, body.tabId);
      return c.json(issueLaunchCode(context.state, { launch, state: body.state, consent: body.consent }));
    });
}
