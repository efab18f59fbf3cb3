import "server-only";
import type { ActivityResponse, ActivityView } from "@/lib/wire/activity-routes";
import type { ActivityKind, ActivityState } from "@/lib/shared/activity-kinds";
import type { NotesState } from "@/lib/shared/notes";
import type { PollState } from "@/lib/shared/poll";
import type { ActivityAccess, JoinedAccess } from "./session-activity";

export const NO_ACTIVITY_RESPONSE: ActivityResponse = { state: "none" };

type Role = JoinedAccess["role"];

/** What the page sees of each kind: never the key, the activity, entry or grant ID. */
const VIEWS: { [K in ActivityKind]: (role: Role, state: Extract<ActivityState, { kind: K }>) => ActivityView } = {
  // The poll and its votes by userId.
  poll: (role, poll: PollState) => ({
    kind: "poll",
    role,
    label: poll.label,
    question: poll.question,
    options: poll.options,
    votes: Object.entries(poll.votes)
      .map(([userId, option]) => ({ userId, option }))
      .sort((a, b) => a.userId.localeCompare(b.userId)),
    version: poll.version,
  }),
  // The notes, oldest first, each with its author.
  notes: (role, notes: NotesState) => ({
    kind: "notes",
    role,
    label: notes.label,
    topic: notes.topic,
    notes: notes.notes.map((note) => ({ author: { userId: note.authorId, username: note.authorName }, text: note.text })),
    version: notes.version,
  }),
};

export function joinedResponse(access: JoinedAccess, state: ActivityState): ActivityResponse {
  const view = VIEWS[state.kind] as (role: Role, state: ActivityState) => ActivityView;
  return { state: "joined", activity: view(access.role, state) };
}

export function endedResponse(access: Extract<ActivityAccess, { role: "ended" }>): ActivityResponse {
  return { state: "ended", ended: { code: access.code, message: access.message } };
}
