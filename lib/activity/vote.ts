import "server-only";
import type { ActivityResponse, VoteRequest } from "@/lib/wire/activity-routes";
import { AppError } from "@/lib/errors";
import type { SessionCredentials } from "@/lib/session/session-credentials";
import { isOption } from "@/lib/shared/poll";
import { joinedResponse } from "./activity-view";
import type { ActivityDeps } from "./deps";
import { refuseSessionGone, withJoinedAccess } from "./joined-action";

export { NOT_JOINED } from "./joined-action";
export const NOT_A_POLL = "This activity is not a poll: it takes no votes";

/** A vote, a protected activity action (joined-action.ts), keyed by the verified userId of the session. */
export function castVote(credentials: SessionCredentials, input: VoteRequest, deps: ActivityDeps): Promise<ActivityResponse> {
  return withJoinedAccess(credentials, deps, "voteByMember", async (session, access) => {
    const activity = await deps.activities.read(access.sessionKey);
    if (activity && activity.kind !== "poll") throw new AppError("BAD_USER_INPUT", NOT_A_POLL);
    if (activity && !isOption(activity, input.option)) throw new AppError("BAD_USER_INPUT", "The poll has no such option");
    const voted = activity && (await deps.activities.vote(access.sessionKey, access.userId, input.option));
    if (!voted) return refuseSessionGone(session, deps);
    return joinedResponse(access, voted);
  });
}
