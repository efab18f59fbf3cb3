import { describe, expect, it, vi } from "vitest";
import { ACTIVITY_KINDS, activityDefinitionSchema, emptyState, unionOfKinds, type ActivityKind, type ActivityState } from "@/lib/shared/activity-kinds";
import { KIND_SAMPLES } from "@/lib/testing/activity-fixtures";
import type { JoinedAccess } from "./session-activity";

// A kind being added (make-it-yours.md, "Add a kind"): named in ACTIVITY_KINDS at step 1, its
// schemas, view and Redis parts written in the steps after. In between, tsc names each missing
// entry, and the tests of the other steps and of the other kinds still load the server's modules.
// The name is no kind's, so that adding any kind leaves this test as it is.
const BEING_ADDED = "kind-being-added" as ActivityKind;

vi.mock("@/lib/shared/activity-kinds", async (importOriginal) => {
  const original = await importOriginal<typeof import("@/lib/shared/activity-kinds")>();
  return { ...original, ACTIVITY_KINDS: [...original.ACTIVITY_KINDS, "kind-being-added"] };
});

describe("a kind named in ACTIVITY_KINDS before its other parts are written", () => {
  it("leaves the server's modules loadable, the Redis store's included", async () => {
    expect(ACTIVITY_KINDS).toContain(BEING_ADDED);
    await expect(import("@/lib/server/deps")).resolves.toHaveProperty("getServerDeps");
    await expect(import("./redis-activity-store")).resolves.toHaveProperty("createRedisActivityStore");
  });

  it("a union without the kind's schema loads, keeps the kinds given, and refuses the kind left out", () => {
    const [left, ...kept] = [...activityDefinitionSchema.options].reverse();
    const union = unionOfKinds(Object.fromEntries(kept.map((schema) => [schema.shape.kind.value, schema])) as never);
    for (const schema of kept) {
      const kind = schema.shape.kind.value;
      expect(union.safeParse({ ...KIND_SAMPLES[kind].create, ownerId: "usr_ada", createdAt: 1 }).success).toBe(true);
    }
    expect(union.safeParse({ ...KIND_SAMPLES[left!.shape.kind.value].create, ownerId: "usr_ada", createdAt: 1 }).success).toBe(false);
  });

  it("stops only the kind's own use of a map without it, with an error that names the map's file", async () => {
    const { hasParts, partsOf } = await import("./redis-activity-parts");
    const { joinedResponse } = await import("./activity-view");
    expect(hasParts(BEING_ADDED)).toBe(false);
    expect(() => partsOf(BEING_ADDED)).toThrow('The activity kind "kind-being-added" has no entry in ACTIVITY_PARTS (lib/activity/redis-activity-parts.ts) yet');
    const state = { kind: BEING_ADDED, label: "New", ownerId: "usr_ada", createdAt: 1, version: 0 } as unknown as ActivityState;
    expect(() => emptyState(state)).toThrow("EMPTY_STATES (lib/shared/activity-kinds.ts)");
    const access = { role: "inviter", userId: "usr_ada", sessionKey: "k".repeat(43) } as unknown as JoinedAccess;
    expect(() => joinedResponse(access, state, 1)).toThrow("VIEWS (lib/activity/activity-view.ts)");
    // Every real kind has its parts: a kind of yours without them is named here, with the map to fill.
    for (const kind of ACTIVITY_KINDS.filter((kind) => kind !== BEING_ADDED)) expect(hasParts(kind), `"${kind}" has its entry in ACTIVITY_PARTS`).toBe(true);
  });
});
