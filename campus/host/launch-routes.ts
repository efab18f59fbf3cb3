import { Hono } from "hono";
import { z } from "zod";
import { authenticateParamsSchema } from "../../lib/contract";
import { acceptActivityInvitation } from "../activities/activity-invitations";
import type { CampusContext } from "../http/context";
import type { CampusEnv } from "../http/hono-env";
import { describeConsentNeed, issueLaunchCode, openLaunch, requireCurrentLaunch } from "../login/launch-login";
import { tabIdSchema, tabRequestSchema } from "../core/tab-id";
import { validateJson } from "../core/validate-json";
import { resolveMember } from "./member-cookie";

// Accepting an activity invitation opens the app in a new launch bound to it (spec 4.13).
const newLaunchSchema = tabRequestSchema.extend({ activityInvitationId: z.string().min(1).max(128).optional() });
const codeRequestSchema = z.strictObject({
  tabId: tabIdSchema,
  state: authenticateParamsSchema.shape.state,
  // "approved": the member pressed Allow now; "remembered": the page skipped the dialog.
  consent: z.enum(["approved", "remembered"]),
});

/**
 * The campus page's own endpoints for the iframe login (not part of the spec API), mounted at /host/launches. JSON bodies
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
    .post("/", validateJson(newLaunchSchema, "BAD_REQUEST"), (c) => {
      const { tabId, activityInvitationId } = c.req.valid("json");
      const member = resolveMember(c, context.state);
      if (activityInvitationId === undefined) return c.json({ launchId: openLaunch(context.state, member, tabId).launchId });
      const invitation = context.state.activities.findInvitation(activityInvitationId);
      const launch = acceptActivityInvitation(context.state, context.clock, { invitation, member, tabId });
      return c.json({ launchId: launch.launchId });
    })
    .post("/:launchId/authorize", validateJson(tabRequestSchema, "BAD_REQUEST"), (c) => {
      const launch = requireLaunch(c, c.req.valid("json").tabId);
      return c.json(describeConsentNeed(context.state, launch));
    })
    .post("/:launchId/codes", validateJson(codeRequestSchema, "BAD_REQUEST"), (c) => {
      const body = c.req.valid("json");
      const launch = requireLaunch(c, body.tabId);
      return c.json(issueLaunchCode(context.state, { launch, state: body.state, consent: body.consent }));
    });
}
