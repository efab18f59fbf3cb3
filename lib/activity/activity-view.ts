import "server-only";
import type { ActivityResponse, ActivityView } from "@/lib/wire/activity-routes";
import { entryOfKind, type ActivityKind, type ActivityState, type ActivityViewer, type StateOf } from "@/lib/shared/activity-kinds";
import { isOwner } from "./owner";
import type { ActivityAccess, JoinedAccess } from "./session-activity";

export const NO_ACTIVITY_RESPONSE: ActivityResponse = { state: "none" };

/**
 * What the page sees of each kind: never the key, the activity, entry or grant ID. `viewer` says
 * who looks; `now` is the server's clock (epoch ms, the route's `deps.now()`), for a kind whose
 * view counts time (a countdown's seconds left from its stored start), so no view reads its own.
 */
const VIEWS: { [K in ActivityKind]: (viewer: ActivityViewer, state: StateOf<K>, now: number) => ActivityView } = {
  // The poll and its votes by userId.
  poll: (viewer, poll) => ({
    kind: "poll",
    ...viewer,
    label: poll.label,
    question: poll.question,
    options: poll.options,
    votes: Object.entries(poll.votes)
      .map(([userId, option]) => ({ userId, option }))
      .sort((a, b) => a.userId.localeCompare(b.userId)),
    closed: poll.closed,
    version: poll.version,
  }),
  // The notes, oldest first, each with its author.
  notes: (viewer, notes) => ({
    kind: "notes",
    ...viewer,
    label: notes.label,
    topic: notes.topic,
    notes: notes.notes.map((note) => ({ author: { userId: note.authorId, username: note.authorName }, text: note.text })),
    version: notes.version,
  }),
};

/** The joined activity as the page sees it at `now`, the server's clock when the request was served. */
export function joinedResponse(access: JoinedAccess, state: ActivityState, now: number): ActivityResponse {
  const view = entryOfKind(VIEWS, state.kind, "VIEWS (lib/activity/activity-view.ts)") as (viewer: ActivityViewer, state: ActivityState, now: number) => ActivityView;
  return { state: "joined", activity: view({ role: access.role, owner: isOwner(access, state) }, state, now) };
}

export function endedResponse(access: Extract<ActivityAccess, { role: "ended" }>): ActivityResponse {
  return { state: "ended", ended: { code: access.code, message: access.message } };
}
