import "server-only";
import type { ActivityResponse } from "@/lib/wire/activity-routes";
import type { PostNoteRequest } from "@/lib/wire/notes";
import { AppError } from "@/lib/errors";
import type { SessionCredentials } from "@/lib/session/session-credentials";
import { NOTES_LIMITS } from "@/lib/shared/notes";
import type { ActivityDeps } from "./deps";
import { withJoinedActivity } from "./joined-action";

export const NOTES_FULL = `These notes are full: an activity holds at most ${NOTES_LIMITS.maxNotes} notes`;

/**
 * A note, a protected activity action (joined-action.ts). Its author is the session's verified
 * member: the userId for the record, the username the session holds for display (spec part 2).
 */
export function postNote(credentials: SessionCredentials, input: PostNoteRequest, deps: ActivityDeps): Promise<ActivityResponse> {
  return withJoinedActivity(credentials, deps, "noteByMember", "notes", async (_notes, access, session) => {
    const note = { authorId: access.userId, authorName: session.member.username ?? null, text: input.text, postedAt: deps.now() };
    const posted = await deps.activities.postNote(access.sessionKey, note, NOTES_LIMITS.maxNotes);
    if (posted === "full") throw new AppError("BAD_USER_INPUT", NOTES_FULL);
    return posted;
  });
}
