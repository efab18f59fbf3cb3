import { z } from "zod";
import { activityDefinitionFields } from "./activity-definition";

/*
 * Shared notes: the app's second activity kind, kept under a server-generated session key like the
 * poll. Every member in the activity posts short notes; all see them, oldest first. The author is
 * the session's verified member (spec 4.13: join with the entry's `userId`), never one the page
 * names. Pure, no server imports.
 */

/** This app's limits for notes (the spec fixes only the activity label: 1 to 80 chars). */
export const NOTES_LIMITS = { topicMaxLength: 200, noteMaxLength: 280, maxNotes: 100 } as const;

/** What the inviter set up; fixed for the activity's life. A shared store checks what it reads back against it. */
export const notesDefinitionSchema = z.object({
  kind: z.literal("notes"),
  ...activityDefinitionFields,
  topic: z.string(),
});
export type NotesDefinition = z.infer<typeof notesDefinitionSchema>;

/** One posted note. Spec part 2: `userId` is the permanent record, `username` (as it was when posted) is for display. */
export const noteSchema = z.object({
  authorId: z.string(),
  /** Null when the session's member has no username (no `profile:read`). */
  authorName: z.string().nullable(),
  text: z.string(),
  /** Epoch milliseconds. */
  postedAt: z.number(),
});
export type Note = z.infer<typeof noteSchema>;

/** The notes with their posts, oldest first. `version` grows with every note. */
export type NotesState = NotesDefinition & { notes: Note[]; version: number };
