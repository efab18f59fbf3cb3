import "server-only";
import type { ActivityResponse } from "@/lib/wire/activity-routes";
import { clearingStaleBindings } from "@/lib/calls/access-loss";
import { AppError } from "@/lib/errors";
import type { VisitorSession } from "@/lib/session/get-visitor-session";
import { setSessionActivity, type ActivityAccess, type JoinedAccess } from "./session-activity";
import { endedResponse, joinedResponse } from "./activity-view";
import type { ActivityDeps } from "./deps";

type GuestAccess = Extract<ActivityAccess, { role: "guest" }>;
type EndedAccess = Extract<ActivityAccess, { role: "ended" }>;

export const LEASE_LAPSED = "The activity entry lease lapsed without a recheck; accept a current invitation in the campus page to join again";
export const SESSION_GONE = "This activity's session no longer exists in this app";
export const OTHER_MEMBER = "The activity entry is for another member";

/** Ends the session's access for good: the key and the IDs leave the session; only why stays, for the view. */
export async function endAccess(session: VisitorSession, deps: ActivityDeps, reason: { code: string; message: string }): Promise<EndedAccess> {
  const ended: EndedAccess = { role: "ended", userId: session.member.userId, code: reason.code, message: reason.message, endedAt: deps.now() };
  await setSessionActivity(session, deps.activityAccess, ended);
  return ended;
}

/**
 * Spec 4.13: the verified entry of the accepted invitation bound to this launch. Each read renews
 * the twenty-second lease (spec 3); the lease is counted from before the read, so the app never
 * believes in it longer than the campus does. The member joins with the entry's userId only.
 */
export async function readVerifiedEntry(session: VisitorSession, deps: ActivityDeps): Promise<GuestAccess> {
  const startedAt = deps.now();
  const entry = await clearingStaleBindings(session.boundSid, deps.callState, () => deps.campus.readActivityEntry(session.accessToken));
  if (entry.userId !== session.member.userId) throw new AppError("FORBIDDEN", OTHER_MEMBER);
  const access: GuestAccess = {
    role: "guest",
    userId: entry.userId,
    entryId: entry.entryId,
    activityId: entry.activityId,
    sessionKey: entry.sessionKey,
    leaseExpiresAt: startedAt + entry.expiresIn * 1000,
  };
  await setSessionActivity(session, deps.activityAccess, access);
  return access;
}

/**
 * Spec 3 "Activity entry" and 4.12, before a protected activity action: a guest rereads its entry
 * (renewing the lease), an inviter its registration (which needs its current approval in the
 * call). A 403 (lease lapsed, member left, app exit, permission lost) ends access before the
 * error goes on; anything else (401, 503) keeps it for a retry.
 */
export async function recheckAccess(session: VisitorSession, access: JoinedAccess, deps: ActivityDeps): Promise<JoinedAccess> {
  try {
    if (access.role === "guest") return await readVerifiedEntry(session, deps);
    await clearingStaleBindings(session.boundSid, deps.callState, () => deps.campus.readActivity(session.accessToken, access.activityId));
    return access;
  } catch (error) {
    if (error instanceof AppError && error.status === 403) await endAccess(session, deps, error);
    throw error;
  }
}

/** The joined activity as the page sees it; a session the store no longer holds ends access. */
export async function respondWithActivity(session: VisitorSession, access: JoinedAccess, deps: ActivityDeps): Promise<ActivityResponse> {
  const activity = await deps.activities.read(access.sessionKey);
  if (!activity) return endedResponse(await endAccess(session, deps, { code: "FORBIDDEN", message: SESSION_GONE }));
  return joinedResponse(access, activity, deps.now());
}
