import "server-only";
import { withCall } from "@/lib/calls/with-call";
import { MAX_ACTIVITIES_PER_GRANT } from "@/lib/shared/app-limits";
import type { SessionCredentials } from "@/lib/session/session-credentials";
import type { VisitorSession } from "@/lib/session/get-visitor-session";
import { emptyState, type ActivityDefinition } from "@/lib/shared/activity-kinds";
import type { ActivityResponse, CreateActivityRequest } from "@/lib/wire/activity-routes";
import { joinedResponse } from "./activity-view";
import type { ActivityDeps } from "./deps";
import { setSessionActivity, type JoinedAccess } from "./session-activity";

/**
 * Spec 4.11: a new shared activity of any kind in the app's own store, under a fresh
 * server-generated session key, registered with the campus for the session's grant. Its owner is
 * the session's verified member (lib/activity/owner.ts). The session keeps the key and the
 * activityId; the page gets the activity. The member then invites with POST /api/activity/invite.
 */
export function createActivity(credentials: SessionCredentials, input: CreateActivityRequest, deps: ActivityDeps): Promise<ActivityResponse> {
  const admit = (session: VisitorSession) => deps.rateLimits.consume("activityCreateByMember", session.member.userId);
  return withCall(credentials, deps, { scope: "calls:control", admit, grant: "required", verify: true }, async ({ session, grantId }) => {
    const sessionKey = deps.newSessionKey();
    const definition: ActivityDefinition = { ...input, ownerId: session.member.userId, createdAt: deps.now() };
    // Activities per call are bounded: past the cap, this member's oldest one in the call closes.
    await deps.activities.create(sessionKey, definition, { group: grantId, keep: MAX_ACTIVITIES_PER_GRANT });
    let activityId: string;
    try {
      ({ activityId } = await deps.campus.registerActivity(session.accessToken, { grantId, sessionKey, label: input.label }));
    } catch (error) {
      // Unregistered, the session is unreachable: nobody can be invited to it.
      await deps.activities.remove(sessionKey);
      throw error;
    }

    const access: JoinedAccess = { role: "inviter", userId: session.member.userId, activityId, sessionKey };
    await setSessionActivity(session, deps.activityAccess, access);
    return joinedResponse(access, emptyState(definition), deps.now());
  });
}
