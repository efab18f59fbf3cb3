import "server-only";
import type { ActivityResponse } from "@/lib/wire/activity-routes";
import type { VoteRequest } from "@/lib/wire/poll";
import { AppError } from "@/lib/errors";
import type { SessionCredentials } from "@/lib/session/session-credentials";
import type { ActivityDeps } from "./deps";
import { withJoinedActivity } from "./joined-action";

export const NO_SUCH_OPTION = "The poll has no such option";
export const POLL_CLOSED = "This poll is closed: it takes no more votes";

/** A vote, a protected activity action (joined-action.ts), keyed by the verified userId of the session. */
export function castVote(credentials: SessionCredentials, input: VoteRequest, deps: ActivityDeps): Promise<ActivityResponse> {
  return withJoinedActivity(credentials, deps, "voteByMember", "poll", async (_poll, access) => {
    // The store checks the option and the close where the vote is written, in the same step: a vote
    // never lands after the close, nor on an option the stored poll does not have.
    const voted = await deps.activities.vote(access.sessionKey, access.userId, input.option);
    if (voted === "closed") throw new AppError("BAD_USER_INPUT", POLL_CLOSED);
    if (voted === "no-such-option") throw new AppError("BAD_USER_INPUT", NO_SUCH_OPTION);
    return voted;
  });
}
