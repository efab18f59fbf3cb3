import { describe, expect, it, vi } from "vitest";
import type { ActivityKind } from "@/lib/shared/activity-kinds";

// A kind being added (make-it-yours.md, "Add a kind"): named in ACTIVITY_KINDS at step 1, its
// Redis parts declared at step 5. In between, tsc names the missing entry, and the tests of the
// other steps and of the other kinds must still load the server's modules.
vi.mock("@/lib/shared/activity-kinds", async (importOriginal) => {
  const original = await importOriginal<typeof import("@/lib/shared/activity-kinds")>();
  return { ...original, ACTIVITY_KINDS: [...original.ACTIVITY_KINDS, "countdown"] };
});

const BEING_ADDED = "countdown" as ActivityKind;

describe("a kind named in ACTIVITY_KINDS before its Redis parts are declared", () => {
  it("leaves the server's modules loadable, the Redis store's included", async () => {
    const { ACTIVITY_KINDS } = await import("@/lib/shared/activity-kinds");
    expect(ACTIVITY_KINDS).toContain(BEING_ADDED);
    await expect(import("@/lib/server/deps")).resolves.toHaveProperty("getServerDeps");
    await expect(import("./redis-activity-store")).resolves.toHaveProperty("createRedisActivityStore");
  });

  it("stops only the kind's own use of Redis, with an error that names the file to fill", async () => {
    const { hasParts, kindPartsOf, partsOf } = await import("./redis-activity-parts");
    expect(hasParts(BEING_ADDED)).toBe(false);
    expect(() => partsOf(BEING_ADDED)).toThrow('The activity kind "countdown" has no entry in ACTIVITY_PARTS (lib/activity/redis-activity-parts.ts)');
    expect(() => kindPartsOf(BEING_ADDED)).toThrow(/ACTIVITY_PARTS/);
    expect(partsOf("poll")).toEqual([["votes", "hash"], ["closed", "flag"]]);
  });
});
