import "server-only";
import type { ActivityResponse } from "@/lib/wire/activity-routes";
import { getCallSession } from "@/lib/calls/with-call";
import type { SessionCredentials } from "@/lib/session/session-credentials";
import { LEASE_LAPSED, endAccess, respondWithActivity } from "./verified-access";
import { getSessionActivity } from "./session-activity";
import { NO_ACTIVITY_RESPONSE, endedResponse } from "./activity-view";
import type { ActivityDeps } from "./deps";

/**
 * The session's activity, as the page polls it: from the app's own store, at no cost to the campus.
 * A guest whose lease ran out without a recheck has lost access (spec 3 "Activity entry"), even
 * before the campus is asked again.
 */
export async function readActivity(credentials: SessionCredentials, deps: ActivityDeps): Promise<ActivityResponse> {
  const session = await getCallSession(credentials, deps, "calls:read");
  const access = await getSessionActivity(session, deps.activityAccess);
  if (!access) return NO_ACTIVITY_RESPONSE;
  if (access.role === "ended") return endedResponse(access);
  if (access.role === "guest" && access.leaseExpiresAt <= deps.now()) {
    return endedResponse(await endAccess(session, deps, { code: "FORBIDDEN", message: LEASE_LAPSED }));
  }
  return respondWithActivity(session, access, deps);
}
