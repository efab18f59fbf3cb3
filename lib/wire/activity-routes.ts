import { z } from "zod";
import { unionOfKinds, type ActivityKind } from "@/lib/shared/activity-kinds";
import { createNotesRequestSchema, notesViewSchema, postNoteRequestSchema } from "./notes";
import { createPollRequestSchema, pollViewSchema, voteRequestSchema } from "./poll";
import { commandResponseSchema } from "./call-routes";
import { declareRoute } from "./declare-route";

/*
 * The activity routes of the app's own API (/api/activity/*), between its page and its backend.
 * No request names a session key, an activity, an entry or a grant: the backend takes them from
 * the visitor's session, and a member joins another's activity only through the verified entry
 * (spec 4.13). Strict objects, so a browser that sends one anyway gets 400. No server imports.
 */

// POST /api/activity: a new activity of one of the kinds (lib/shared/activity-kinds.ts).
export const createActivityRequestSchema = unionOfKinds({ poll: createPollRequestSchema, notes: createNotesRequestSchema });

// POST /api/activity/invite takes no input (`{}` or nothing, lib/http/define-route.ts): the activity is the session's own.

/** The joined activity as a member sees it, of whichever kind. */
export const activityViewSchema = unionOfKinds({ poll: pollViewSchema, notes: notesViewSchema });

/**
 * GET /api/activity, POST /api/activity/entry, and the answers of every activity action. `none`: this
 * session has no activity (and this launch no accepted invitation); `ended`: access ended, with why.
 */
export const activityResponseSchema = z.discriminatedUnion("state", [
  z.strictObject({ state: z.literal("none") }),
  z.strictObject({ state: z.literal("joined"), activity: activityViewSchema }),
  z.strictObject({ state: z.literal("ended"), ended: z.strictObject({ code: z.string(), message: z.string() }) }),
]);

export type CreateActivityRequest = z.infer<typeof createActivityRequestSchema>;
export type ActivityView = z.infer<typeof activityViewSchema>;
export type ActivityViewOf<K extends ActivityKind> = Extract<ActivityView, { kind: K }>;
export type ActivityResponse = z.infer<typeof activityResponseSchema>;

export const activityRoute = declareRoute({
  path: "/api/activity",
  GET: { response: activityResponseSchema },
  POST: { body: createActivityRequestSchema, response: activityResponseSchema },
});
export const activityEntryRoute = declareRoute({ path: "/api/activity/entry", POST: { response: activityResponseSchema } });
export const activityVoteRoute = declareRoute({ path: "/api/activity/vote", POST: { body: voteRequestSchema, response: activityResponseSchema } });
/** The poll's owner closes it (lib/activity/close-poll.ts); no body. */
export const activityCloseRoute = declareRoute({ path: "/api/activity/close", POST: { response: activityResponseSchema } });
/** `{ text }` only: the author is the session's verified member (lib/wire/notes.ts). */
export const activityNotesRoute = declareRoute({ path: "/api/activity/notes", POST: { body: postNoteRequestSchema, response: activityResponseSchema } });
/** Sends the session's activity as an activityInvite command (spec 4.7). */
export const activityInviteRoute = declareRoute({ path: "/api/activity/invite", POST: { response: commandResponseSchema } });
