import "server-only";
import type { ActivityResponse, VoteRequest } from "@/lib/wire/activity-routes";
import { verifyAccess } from "@/lib/auth/check-access";
import { getCallSession } from "@/lib/calls/with-call";
import { AppError } from "@/lib/errors";
import type { SessionCredentials } from "@/lib/session/session-credentials";
import { SESSION_GONE, endAccess, recheckAccess } from "./verified-access";
import { getSessionActivity } from "./session-activity";
import { joinedResponse } from "./activity-view";
import type { ActivityDeps } from "./deps";
import { isOption } from "@/lib/shared/poll";

export const NOT_JOINED = "You have not joined an activity in this launch";

/**
 * A vote, a protected activity action: userinfo first (spec 4.2), then the access is rechecked
 * with the campus (spec 3: the lease is rechecked while protected actions continue). The vote is
 * keyed by the verified userId of the session, never one the page names.
 */
export async function castVote(credentials: SessionCredentials, input: VoteRequest, deps: ActivityDeps): Promise<ActivityResponse> {
  const session = await getCallSession(credentials, deps, "calls:read");
  await deps.rateLimits.consume("voteByMember", session.member.userId);
  const access = await getSessionActivity(session, deps.activityAccess);
  if (!access) throw new AppError("CALL_CONFLICT", NOT_JOINED);
  if (access.role === "ended") throw new AppError("FORBIDDEN", access.message);

  await verifyAccess(session, deps);
  const current = await recheckAccess(session, access, deps);
  const poll = await deps.activities.read(current.sessionKey);
  if (poll && !isOption(poll, input.option)) throw new AppError("BAD_USER_INPUT", "The poll has no such option");
  const voted = poll && (await deps.activities.vote(current.sessionKey, current.userId, input.option));
  if (!voted) {
    await endAccess(session, deps, { code: "FORBIDDEN", message: SESSION_GONE });
    throw new AppError("FORBIDDEN", SESSION_GONE);
  }
  return joinedResponse(current, voted);
}
