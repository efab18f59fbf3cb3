import { z } from "zod";
import { LIMITS } from "@/lib/contract";
import { activityRoleSchema, unionOfKinds } from "@/lib/shared/activity-kinds";
import { POLL_LIMITS } from "@/lib/shared/poll";
import { createNotesRequestSchema, notesViewSchema, postNoteRequestSchema } from "./notes";
import { commandResponseSchema } from "./call-routes";
import { declareRoute } from "./declare-route";

/*
 * The activity routes of the app's own API (/api/activity/*), between its page and its backend.
 * No request names a session key, an activity, an entry or a grant: the backend takes them from
 * the visitor's session, and a member joins another's activity only through the verified entry
 * (spec 4.13). Strict objects, so a browser that sends one anyway gets 400. No server imports.
 */

const trimmed = (max: number) => z.string().trim().min(1).max(max);
const isUnique = (items: readonly string[]) => new Set(items).size === items.length;

// POST /api/activity: a new shared poll, registered with the campus for the member's call. `kind` may be left out.
const createPollRequestSchema = z.strictObject({
  kind: z.literal("poll").default("poll"),
  label: trimmed(LIMITS.activityLabelMaxLength),
  question: trimmed(POLL_LIMITS.questionMaxLength),
  options: z
    .array(trimmed(POLL_LIMITS.optionMaxLength))
    .min(POLL_LIMITS.minOptions)
    .max(POLL_LIMITS.maxOptions)
    .refine(isUnique, { message: "options must differ" }),
});

// POST /api/activity: a new activity of one of the kinds (lib/shared/activity-kinds.ts).
export const createActivityRequestSchema = unionOfKinds({ poll: createPollRequestSchema, notes: createNotesRequestSchema });

// POST /api/activity/vote: the index of an option. The voter is the session's verified member.
export const voteRequestSchema = z.strictObject({ option: z.number().int().min(0).max(POLL_LIMITS.maxOptions - 1) });

// POST /api/activity/invite takes no input (`{}` or nothing, lib/http/define-route.ts): the activity is the session's own.

/** The poll as a member sees it: no session key, no activity, entry or grant ID. */
const pollViewSchema = z.strictObject({
  kind: z.literal("poll"),
  role: activityRoleSchema,
  label: z.string(),
  question: z.string(),
  options: z.array(z.string()).min(POLL_LIMITS.minOptions).max(POLL_LIMITS.maxOptions),
  /** One per member who voted: the permanent public userId and the option's index. */
  votes: z.array(z.strictObject({ userId: z.string(), option: z.number().int().nonnegative() })),
  /** Grows with every vote: the page can tell a newer state from an older one. */
  version: z.number().int().nonnegative(),
});

/** The joined activity as a member sees it, of whichever kind. */
export const activityViewSchema = unionOfKinds({ poll: pollViewSchema, notes: notesViewSchema });

/**
 * GET /api/activity, POST /api/activity/entry, and the answers of create, vote and note. `none`: this
 * session has no activity (and this launch no accepted invitation); `ended`: access ended, with why.
 */
export const activityResponseSchema = z.discriminatedUnion("state", [
  z.strictObject({ state: z.literal("none") }),
  z.strictObject({ state: z.literal("joined"), activity: activityViewSchema }),
  z.strictObject({ state: z.literal("ended"), ended: z.strictObject({ code: z.string(), message: z.string() }) }),
]);

export type CreateActivityRequest = z.infer<typeof createActivityRequestSchema>;
export type CreatePollRequest = z.infer<typeof createPollRequestSchema>;
export type VoteRequest = z.infer<typeof voteRequestSchema>;
export type ActivityView = z.infer<typeof activityViewSchema>;
export type PollView = z.infer<typeof pollViewSchema>;
export type ActivityResponse = z.infer<typeof activityResponseSchema>;

export const activityRoute = declareRoute({
  path: "/api/activity",
  GET: { response: activityResponseSchema },
  POST: { body: createActivityRequestSchema, response: activityResponseSchema },
});
export const activityEntryRoute = declareRoute({ path: "/api/activity/entry", POST: { response: activityResponseSchema } });
export const activityVoteRoute = declareRoute({ path: "/api/activity/vote", POST: { body: voteRequestSchema, response: activityResponseSchema } });
/** Sends the session's activity as an activityInvite command (spec 4.7). */
/** `{ text }` only: the author is the session's verified member (lib/wire/notes.ts). */
export const activityNotesRoute = declareRoute({ path: "/api/activity/notes", POST: { body: postNoteRequestSchema, response: activityResponseSchema } });
export const activityInviteRoute = declareRoute({ path: "/api/activity/invite", POST: { response: commandResponseSchema } });
