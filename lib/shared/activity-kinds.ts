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

/**
 * Who is looking, in every kind's view: the launch's `role`, and `owner`, whether this member
 * started the activity (lib/activity/owner.ts). A launch's role changes with the launch; ownership
 * belongs to the member, so an owner-only control shows on `owner`, never on `role`.
 */
export const activityViewerFields = { role: activityRoleSchema, owner: z.boolean() };
export type ActivityViewer = z.infer<z.ZodObject<typeof activityViewerFields>>;

type KindSchema = z.ZodObject<{ kind: z.ZodType<ActivityKind> }>;

/**
 * No key that is not a kind: intersected with a map keyed by kind, an entry left behind by a kind
 * removed from ACTIVITY_KINDS is a compile error ("not assignable to type 'never'"), as a missing
 * one is. A map annotated `{ [K in ActivityKind]: … }` (or `satisfies` it) needs none of this: an
 * object literal's extra key is already an error there.
 */
export type OnlyKinds<S> = { [K in Exclude<keyof S, ActivityKind>]: never };

/**
 * One schema per kind, as a union told apart by `kind`, in the order of ACTIVITY_KINDS. A kind
 * left out is an error here only: the union keeps the kinds given, so code that uses it still
 * compiles and the error list stays the list of places to fill. A key that is no kind (one
 * removed) is an error too.
 */
export function unionOfKinds<S extends Partial<Record<ActivityKind, KindSchema>>>(
  schemas: S & OnlyKinds<S>,
  // Only for the compiler: "Expected 2 arguments" at the call while a kind has no schema in it.
  ..._everyKind: Exclude<ActivityKind, keyof S> extends never ? [] : [kindsLeftOut: Exclude<ActivityKind, keyof S>]
) {
  // The kinds given, at run time too: while a kind is being added, the modules and tests that use
  // the union still load, and a body of the kind without its schema is refused as no kind.
  const given = ACTIVITY_KINDS.flatMap((kind) => schemas[kind] ?? []);
  return z.discriminatedUnion("kind", given as unknown as [S[keyof S] & KindSchema, ...(S[keyof S] & KindSchema)[]]);
}

/**
 * A map's entry for the kind. The maps keyed by kind are complete once the code compiles; while a
 * kind is being added (docs/make-it-yours.md), a test that reaches a map still without it fails
 * with the map's name, `where`, rather than "is not a function".
 */
export function entryOfKind<M extends { [K in ActivityKind]: unknown }, K extends ActivityKind>(map: M, kind: K, where: string): M[K] {
  if (!Object.hasOwn(map, kind)) throw new Error(`The activity kind "${kind}" has no entry in ${where} yet`);
  return map[kind];
}

// The stored activity, as the stores keep it (lib/activity/activity-store.ts).
export const activityDefinitionSchema = unionOfKinds({ poll: pollDefinitionSchema, notes: notesDefinitionSchema });
export type ActivityDefinition = z.infer<typeof activityDefinitionSchema>;

/** Each kind's state: its definition with what members added. A kind missing here, or one that is no longer a kind, does not compile. */
type StatesOfKinds<S extends { [K in ActivityKind]: { kind: K; version: number } } & OnlyKinds<S>> = S;
type ActivityStates = StatesOfKinds<{ poll: PollState; notes: NotesState }>;
export type ActivityState = ActivityStates[keyof ActivityStates];
export type StateOf<K extends ActivityKind> = K extends keyof ActivityStates ? ActivityStates[K] : never;
export type DefinitionOf<K extends ActivityKind> = Extract<ActivityDefinition, { kind: K }>;

/** Each kind as it starts, before anyone has taken part. */
const EMPTY_STATES: { [K in ActivityKind]: (definition: DefinitionOf<K>) => StateOf<K> } = {
  poll: (poll) => ({ ...poll, votes: {}, closed: false, version: 0 }),
  notes: (notes) => ({ ...notes, notes: [], version: 0 }),
};

/** A new activity of any kind, before anyone has taken part. */
export function emptyState(definition: ActivityDefinition): ActivityState {
  const empty = entryOfKind(EMPTY_STATES, definition.kind, "EMPTY_STATES (lib/shared/activity-kinds.ts)") as (definition: ActivityDefinition) => ActivityState;
  return empty(definition);
}
