import "server-only";
import type { ActivityResponse } from "@/lib/wire/activity-routes";
import type { ActivityAccess, JoinedAccess } from "./session-activity";
import type { PollState } from "@/lib/shared/poll";

export const NO_ACTIVITY_RESPONSE: ActivityResponse = { state: "none" };

/** What the page sees of a joined poll: the poll and its votes by userId; never the key, the activity, entry or grant ID. */
export function joinedResponse(access: JoinedAccess, poll: PollState): ActivityResponse {
  return {
    state: "joined",
    activity: {
      role: access.role,
      label: poll.label,
      question: poll.question,
      options: poll.options,
      votes: Object.entries(poll.votes)
        .map(([userId, option]) => ({ userId, option }))
        .sort((a, b) => a.userId.localeCompare(b.userId)),
      version: poll.version,
    },
  };
}

export function endedResponse(access: Extract<ActivityAccess, { role: "ended" }>): ActivityResponse {
  return { state: "ended", ended: { code: access.code, message: access.message } };
}
