import "server-only";
import type { ActivityResponse } from "@/lib/wire/activity-routes";
import { getCallSession } from "@/lib/calls/with-call";
import { AppError } from "@/lib/errors";
import type { SessionCredentials } from "@/lib/session/session-credentials";
import { readVerifiedEntry, recheckAccess, respondWithActivity } from "./verified-access";
import { getSessionActivity } from "./session-activity";
import { NO_ACTIVITY_RESPONSE, endedResponse } from "./activity-view";
import type { ActivityDeps } from "./deps";

/**
 * Spec 4.13: joins, or stays in, the activity of the invitation this launch was opened from,
 * through the campus's verified entry only: its sessionKey and userId, never anything the browser
 * sends. The page asks once the grant is active, then every few seconds to renew the lease, and
 * when the grant stops being active; for an inviter the same call rechecks its registration.
 *
 * A launch not opened from an invitation (the inviter's, any other) has no entry: the campus
 * answers 403 and the answer is `none`. Once joined, a 403 ends access for good (spec 3).
 */
export async function enterActivity(credentials: SessionCredentials, deps: ActivityDeps): Promise<ActivityResponse> {
  const session = await getCallSession(credentials, deps, "calls:read");
  const access = await getSessionActivity(session, deps.activityAccess);
  if (access?.role === "ended") return endedResponse(access);

  try {
    const current = access ? await recheckAccess(session, access, deps) : await readVerifiedEntry(session, deps);
    return await respondWithActivity(session, current, deps);
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== "FORBIDDEN") throw error;
    // Without access there was nothing to end: this launch has no entry. With it, recheckAccess ended it.
    return access ? { state: "ended", ended: { code: error.code, message: error.message } } : NO_ACTIVITY_RESPONSE;
  }
}
