import { z } from "zod";
import { LIMITS } from "@/lib/contract";
import { activityViewerFields } from "@/lib/shared/activity-kinds";
import { NOTES_LIMITS } from "@/lib/shared/notes";

/*
 * The shared notes' part of the activity routes (lib/wire/activity-routes.ts holds the routes' unions).
 * As for the poll, no request names a session key, an activity, an entry, a grant or an author:
 * the backend takes them from the visitor's session. Strict objects. No server imports.
 */

const trimmed = (max: number) => z.string().trim().min(1).max(max);

// POST /api/activity with `kind: "notes"`: new shared notes, registered with the campus for the member's call.
export const createNotesRequestSchema = z.strictObject({
  kind: z.literal("notes"),
  label: trimmed(LIMITS.activityLabelMaxLength),
  topic: trimmed(NOTES_LIMITS.topicMaxLength),
});

// POST /api/activity/notes: the note's text, trimmed. The author is the session's verified member.
export const postNoteRequestSchema = z.strictObject({ text: trimmed(NOTES_LIMITS.noteMaxLength) });

/** The notes as a member sees them: no session key, no activity, entry or grant ID. */
export const notesViewSchema = z.strictObject({
  kind: z.literal("notes"),
  ...activityViewerFields,
  label: z.string(),
  topic: z.string(),
  /** Oldest first, at most NOTES_LIMITS.maxNotes. */
  notes: z
    .array(
      z.strictObject({
        /** The permanent public userId, and the username it had when the note was posted (null without one). */
        author: z.strictObject({ userId: z.string(), username: z.string().nullable() }),
        text: z.string(),
      }),
    )
    .max(NOTES_LIMITS.maxNotes),
  /** Grows with every note: the page can tell a newer state from an older one. */
  version: z.number().int().nonnegative(),
});

export type CreateNotesRequest = z.infer<typeof createNotesRequestSchema>;
export type PostNoteRequest = z.infer<typeof postNoteRequestSchema>;
export type NotesView = z.infer<typeof notesViewSchema>;
