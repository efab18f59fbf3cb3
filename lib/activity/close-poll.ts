import "server-only";
import type { ActivityResponse } from "@/lib/wire/activity-routes";
import type { SessionCredentials } from "@/lib/session/session-credentials";
import type { ActivityDeps } from "./deps";
import { withJoinedActivity } from "./joined-action";
import { requireOwner } from "./owner";

/**
 * The poll's owner closes it, an owner-only action: the votes stay, and no more are taken. Any
 * other member is refused with 403 (owner.ts), whatever their launch's role.
 */
export function closePoll(credentials: SessionCredentials, deps: ActivityDeps): Promise<ActivityResponse> {
  return withJoinedActivity(credentials, deps, "pollCloseByMember", "poll", async (poll, access) => {
    requireOwner(access, poll);
    return deps.activities.closePoll(access.sessionKey);
  });
}
