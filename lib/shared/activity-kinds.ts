import { z } from "zod";
import { notesDefinitionSchema, type NotesState } from "./notes";
import { pollDefinitionSchema, type PollState } from "./poll";

/*
 * Every kind of shared activity this app offers, written once. The schemas (stored definitions,
 * requests, views) are unions built from one schema per kind with `unionOfKinds`, and the stores
 * and the UI keep a `Record<ActivityKind, …>`: a kind added here does not compile until each of
 * them has its part. Pure, no server imports.
 */
export const ACTIVITY_KINDS = ["poll", "notes"] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** What the member who starts an activity chooses between. */
export const ACTIVITY_KIND_TITLES: Record<ActivityKind, string> = { poll: "Poll", notes: "Notes" };

/** A member's part in an activity of any kind. `inviter`: registered it in this launch; `guest`: joined through a verified entry. */
export const activityRoleSchema = z.enum(["inviter", "guest"]);

type KindSchema = z.ZodObject<{ kind: z.ZodType<ActivityKind> }>;

/** One schema per kind, as a union told apart by `kind`, in the order of ACTIVITY_KINDS. */
export function unionOfKinds<S extends Record<ActivityKind, KindSchema>>(schemas: S) {
  const [first, ...rest] = ACTIVITY_KINDS.map((kind) => schemas[kind]);
  return z.discriminatedUnion("kind", [first as S[ActivityKind], ...(rest as S[ActivityKind][])]);
}

// The stored activity, as the stores keep it (lib/activity/activity-store.ts).
export const activityDefinitionSchema = unionOfKinds({ poll: pollDefinitionSchema, notes: notesDefinitionSchema });
export type ActivityDefinition = z.infer<typeof activityDefinitionSchema>;
export type ActivityState = PollState | NotesState;

/** A new activity of any kind, before anyone has taken part. */
export function emptyState(definition: ActivityDefinition): ActivityState {
  return definition.kind === "poll" ? { ...definition, votes: {}, version: 0 } : { ...definition, notes: [], version: 0 };
}
