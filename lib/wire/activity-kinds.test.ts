import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { apiRequest, expectBadInput } from "@/lib/testing/wire-request";
import { POST as postActivity } from "@/app/api/activity/route";
import { ACTIVITY_KINDS, unionOfKinds, type ActivityKind, type OnlyKinds } from "@/lib/shared/activity-kinds";
import { KIND_SAMPLES } from "@/lib/testing/activity-fixtures";
import { activityResponseSchema, createActivityRequestSchema } from "@/lib/wire/activity-routes";

/*
 * The rules every kind keeps, run over each kind of ACTIVITY_KINDS with its samples
 * (lib/testing/activity-fixtures.ts). A kind's own rules are in its own file (lib/wire/<kind>.test.ts),
 * so removing a kind removes only its tests.
 */


/** A name no kind can have: kinds are lowercase words (below), and this has spaces. */
const NO_SUCH_KIND = "no such kind";

const create = (body: unknown) => postActivity(apiRequest("/api/activity", body));


const everyKind = ACTIVITY_KINDS.map((kind) => [kind, KIND_SAMPLES[kind]] as const);
/** Every ordered pair of two kinds: none while the app has one kind. */
const everyPair = everyKind.flatMap(([kind, sample]) => everyKind.filter(([other]) => other !== kind).map(([other, theirs]) => [kind, other, sample, theirs] as const));

describe("POST /api/activity starts an activity of one of the kinds", () => {
  it("a kind is a lowercase word: it names files, routes, pictures and Redis keys, and `no such kind` is never one", () => {
    for (const kind of ACTIVITY_KINDS) expect(kind).toMatch(/^[a-z][a-z0-9-]*$/);
    expect(NO_SUCH_KIND).not.toMatch(/^[a-z][a-z0-9-]*$/);
  });

  it.each(everyKind)("a %s as the page sends it is one", (_kind, sample) => {
    expect(createActivityRequestSchema.parse(sample.create)).toEqual(sample.create);
  });

  it("an unknown kind is 400, whatever else it holds", async () => {
    for (const [, sample] of everyKind) await expectBadInput(await create({ ...sample.create, kind: NO_SUCH_KIND }));
    await expectBadInput(await create({ kind: NO_SUCH_KIND, label: "Lunch" }));
  });

  it("a kind's fields do not mix with another's: 400", async () => {
    for (const [kind, , sample, theirs] of everyPair) {
      const foreign = Object.fromEntries(Object.entries(theirs.create).filter(([field]) => !(field in sample.create)));
      expect([kind, Object.keys(foreign).length > 0]).toEqual([kind, true]);
      await expectBadInput(await create({ ...sample.create, ...foreign }));
    }
  });

  it.each(everyKind)("a new %s naming a session key, an activity or a grant is 400: the backend makes and keeps them", async (_kind, sample) => {
    for (const field of ["sessionKey", "activityId", "grantId"]) await expectBadInput(await create({ ...sample.create, [field]: "k".repeat(43) }));
  });
});

describe("the page's view of every kind", () => {
  it.each(everyKind)("a %s view has no place for a session key, an activity, an entry or a grant", (_kind, sample) => {
    expect(activityResponseSchema.safeParse({ state: "joined", activity: sample.view }).success).toBe(true);
    for (const field of ["sessionKey", "activityId", "entryId", "grantId"]) {
      expect(activityResponseSchema.safeParse({ state: "joined", activity: { ...sample.view, [field]: "x" } }).success).toBe(false);
    }
  });

  it.each(everyKind)("a %s view says who looks: its `role` and whether they are the `owner`", (_kind, sample) => {
    const { role: _role, ...withoutRole } = sample.view;
    const { owner: _owner, ...withoutOwner } = sample.view;
    expect(activityResponseSchema.safeParse({ state: "joined", activity: withoutRole }).success).toBe(false);
    expect(activityResponseSchema.safeParse({ state: "joined", activity: withoutOwner }).success).toBe(false);
  });
});

/*
 * Removing a kind is a compile error wherever it has an entry, as adding one is: checked by
 * `npx tsc --noEmit`, which fails on an `@ts-expect-error` that finds no error. The checks name no
 * kind, so this file needs no edit when kinds come and go, and they are types only: nothing runs.
 */

/** One entry per kind, as a map keyed by kind holds them. */
type EveryKind<V> = { [K in ActivityKind]: V };

/** A leftover schema (an entry under a key that is no kind) in a `unionOfKinds` call. */
export function leftoverSchema(schemas: EveryKind<z.ZodObject<{ kind: z.ZodType<ActivityKind> }>>) {
  // @ts-expect-error Type '…' is not assignable to type 'never'.
  return unionOfKinds({ ...schemas, [NO_SUCH_KIND]: schemas[ACTIVITY_KINDS[0]] });
}
/** A leftover state in a type keyed by kind that takes OnlyKinds (as ActivityStates does). */
type KeyedByKind<S extends EveryKind<unknown> & OnlyKinds<S>> = S;
// @ts-expect-error Types of property 'no such kind' are incompatible.
export type LeftoverState = KeyedByKind<EveryKind<1> & { [NO_SUCH_KIND]: 2 }>;
/** A leftover entry in a map that `satisfies` (or is annotated) `{ [K in ActivityKind]: … }`. */
export function leftoverEntry(entries: EveryKind<number>) {
  // @ts-expect-error Object literal may only specify known properties.
  return { ...entries, [NO_SUCH_KIND]: 3 } satisfies EveryKind<number>;
}
