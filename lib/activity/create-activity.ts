import "server-only";
import type { ActivityResponse, CreateActivityRequest } from "@/lib/wire/activity";
import { verifyAccess } from "@/lib/auth/check-access";
import { clearingStaleBindings } from "@/lib/calls/access-loss";
import { getCallSession } from "@/lib/calls/call-session";
import { NO_GRANT } from "@/lib/calls/send-command";
import { getSessionGrantId } from "@/lib/calls/session-call-state";
import { AppError } from "@/lib/errors";
import { MAX_POLLS_PER_GRANT } from "@/lib/security/limits";
import type { SessionCarrier } from "@/lib/session/carrier";
import { setSessionActivity, type JoinedAccess } from "./activity-access";
import { joinedResponse } from "./activity-view";
import type { ActivityDeps } from "./deps";
import type { PollDefinition } from "@/lib/shared/poll";

/**
 * Spec 4.11: a new shared poll in the app's own store, under a fresh server-generated session
 * key, registered with the campus for the session's grant. The session keeps the key and the
 * activityId; the page gets the poll. The member then invites with POST /api/activity/invite.
 */
export async function createActivity(carrier: SessionCarrier, input: CreateActivityRequest, deps: ActivityDeps): Promise<ActivityResponse> {
  const session = await getCallSession(carrier, deps, "calls:control");
  await deps.rateLimits.consume("pollCreateByMember", session.member.userId);
  const grantId = await getSessionGrantId(session, deps.callState);
  if (!grantId) throw new AppError("CALL_CONFLICT", NO_GRANT);
  await verifyAccess(session, deps);

  const sessionKey = deps.newSessionKey();
  const poll: PollDefinition = { ...input, createdBy: session.member.userId, createdAt: deps.now() };
  // Polls per call are bounded: past the cap, this member's oldest poll in the call closes.
  await deps.activities.create(sessionKey, poll, { group: grantId, keep: MAX_POLLS_PER_GRANT });
  let activityId: string;
  try {
    const registered = await clearingStaleBindings(session.sid, deps.callState, () =>
      deps.campus.registerActivity(session.accessToken, { grantId, sessionKey, label: input.label }),
    );
    activityId = registered.activityId;
  } catch (error) {
    // Unregistered, the session is unreachable: nobody can be invited to it.
    await deps.activities.remove(sessionKey);
    throw error;
  }

  const access: JoinedAccess = { role: "inviter", userId: session.member.userId, activityId, sessionKey };
  await setSessionActivity(session, deps.activityAccess, access);
  return joinedResponse(access, { ...poll, votes: {}, version: 0 });
}
