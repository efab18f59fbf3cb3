import { z } from "zod";
import { LIMITS } from "@/lib/contract";
import { activityViewerFields } from "@/lib/shared/activity-kinds";
import { POLL_LIMITS } from "@/lib/shared/poll";

/*
 * The shared poll's part of the activity routes (lib/wire/activity-routes.ts holds the routes' unions).
 * No request names a session key, an activity, an entry, a grant or a voter: the backend takes
 * them from the visitor's session. Strict objects. No server imports.
 */

const trimmed = (max: number) => z.string().trim().min(1).max(max);
const isUnique = (items: readonly string[]) => new Set(items).size === items.length;

// POST /api/activity: a new shared poll, registered with the campus for the member's call. `kind` may be left out.
export const createPollRequestSchema = z.strictObject({
  kind: z.literal("poll").default("poll"),
  label: trimmed(LIMITS.activityLabelMaxLength),
  question: trimmed(POLL_LIMITS.questionMaxLength),
  options: z
    .array(trimmed(POLL_LIMITS.optionMaxLength))
    .min(POLL_LIMITS.minOptions)
    .max(POLL_LIMITS.maxOptions)
    .refine(isUnique, { message: "options must differ" }),
});

// POST /api/activity/vote: the index of an option. The voter is the session's verified member.
export const voteRequestSchema = z.strictObject({ option: z.number().int().min(0).max(POLL_LIMITS.maxOptions - 1) });

// POST /api/activity/close takes no input: the poll is the session's, and only its owner may close it.

/** The poll as a member sees it: no session key, no activity, entry or grant ID. */
export const pollViewSchema = z.strictObject({
  kind: z.literal("poll"),
  ...activityViewerFields,
  label: z.string(),
  question: z.string(),
  options: z.array(z.string()).min(POLL_LIMITS.minOptions).max(POLL_LIMITS.maxOptions),
  /** One per member who voted: the permanent public userId and the option's index. */
  votes: z.array(z.strictObject({ userId: z.string(), option: z.number().int().nonnegative() })),
  /** Closed by its owner: the votes stay, and no more are taken. */
  closed: z.boolean(),
  /** Grows with every vote and with the close: the page can tell a newer state from an older one. */
  version: z.number().int().nonnegative(),
});

export type CreatePollRequest = z.infer<typeof createPollRequestSchema>;
export type VoteRequest = z.infer<typeof voteRequestSchema>;
export type PollView = z.infer<typeof pollViewSchema>;
