import "server-only";
import { verifyAccess } from "@/lib/auth/check-access";
import { getCallSession } from "@/lib/calls/with-call";
import { AppError } from "@/lib/errors";
import type { RateLimitName } from "@/lib/shared/app-limits";
import type { SessionCredentials } from "@/lib/session/session-credentials";
import type { VisitorSession } from "@/lib/session/get-visitor-session";
import type { ActivityKind, StateOf } from "@/lib/shared/activity-kinds";
import type { ActivityResponse } from "@/lib/wire/activity-routes";
import { SESSION_GONE, endAccess, recheckAccess } from "./verified-access";
import { getSessionActivity, type JoinedAccess } from "./session-activity";
import { joinedResponse } from "./activity-view";
import type { ActivityDeps } from "./deps";

export const NOT_JOINED = "You have not joined an activity in this launch";
export const notOfKind = (kind: ActivityKind) => `This action is for a ${kind} activity; the one joined is of another kind`;

/**
 * A protected action on the joined activity, of one kind (a vote, a close, a note): withJoinedAccess,
 * then the activity read. An activity of another kind is 400; a session the store no longer holds
 * ends access. `act` gets the activity, the rechecked access and the session (an owner-only action
 * calls `requireOwner` first, owner.ts), writes through the store, and answers what the store
 * answers: the new state, or undefined if the session went meanwhile.
 */
export function withJoinedActivity<K extends ActivityKind>(
  credentials: SessionCredentials,
  deps: ActivityDeps,
  rateLimit: RateLimitName,
  kind: K,
  act: (activity: StateOf<K>, access: JoinedAccess, session: VisitorSession) => Promise<StateOf<K> | undefined>,
): Promise<ActivityResponse> {
  return withJoinedAccess(credentials, deps, rateLimit, async (session, access) => {
    const activity = await deps.activities.read(access.sessionKey);
    if (!activity) return refuseSessionGone(session, deps);
    if (activity.kind !== kind) throw new AppError("BAD_USER_INPUT", notOfKind(kind));
    const written = await act(activity as StateOf<K>, access, session);
    if (!written) return refuseSessionGone(session, deps);
    return joinedResponse(access, written, deps.now());
  });
}

/**
 * The access half of every protected activity action: the member's rate limit, then userinfo
 * (spec 4.2), then the access is rechecked with the campus (spec 3: the lease is rechecked while
 * protected actions continue). `act` gets the session and the rechecked access, whose userId is
 * the verified member's, never one the page names.
 */
async function withJoinedAccess<T>(
  credentials: SessionCredentials,
  deps: ActivityDeps,
  rateLimit: RateLimitName,
  act: (session: VisitorSession, access: JoinedAccess) => Promise<T>,
): Promise<T> {
  const session = await getCallSession(credentials, deps, "calls:read");
  await deps.rateLimits.consume(rateLimit, session.member.userId);
  const access = await getSessionActivity(session, deps.activityAccess);
  if (!access) throw new AppError("CALL_CONFLICT", NOT_JOINED);
  if (access.role === "ended") throw new AppError("FORBIDDEN", access.message);

  await verifyAccess(session, deps);
  return act(session, await recheckAccess(session, access, deps));
}

/** The store no longer holds the activity: access ends, and the action is refused with why. */
async function refuseSessionGone(session: VisitorSession, deps: ActivityDeps): Promise<never> {
  await endAccess(session, deps, { code: "FORBIDDEN", message: SESSION_GONE });
  throw new AppError("FORBIDDEN", SESSION_GONE);
}
