import { describe, expect, it } from "vitest";
import {
  activityEntrySchema,
  actionBodySchema,
  callActivitySchema,
  callOperationSchema,
  callParticipantSchema,
  callPrepareSchema,
  callStatusSchema,
  callTileSchema,
  commandSchema,
  grantSchema,
} from ".";

const accepts = (schema: { safeParse: (v: unknown) => { success: boolean } }, value: unknown) => schema.safeParse(value).success;
const CLIENT_ID = "a".repeat(16);

describe("spec 2, CallStatus: only three combinations exist", () => {
  it.each([
    [false, false, "unavailable", true],
    [true, true, "approvalRequired", true],
    [true, true, "approved", true],
    [true, false, "approved", false],
    [false, false, "approved", false],
    [true, true, "unavailable", false],
  ])("inCall %s, canAttach %s, access %s → valid %s", (inCall, canAttach, access, valid) => {
    expect(accepts(callStatusSchema, { inCall, canAttach, access })).toBe(valid);
  });
  it("carries nothing else (no call IDs, roster or credentials)", () => {
    expect(accepts(callStatusSchema, { inCall: false, canAttach: false, access: "unavailable", callId: "c" })).toBe(false);
  });
});

describe("spec 2, CallOperation", () => {
  it("clientId is 16 to 128 characters of [a-zA-Z0-9_-]", () => {
    expect(accepts(callOperationSchema, { clientId: CLIENT_ID })).toBe(true);
    expect(accepts(callOperationSchema, { clientId: "a".repeat(15) })).toBe(false);
    expect(accepts(callOperationSchema, { clientId: "a".repeat(129) })).toBe(false);
    expect(accepts(callOperationSchema, { clientId: `${"a".repeat(16)}!` })).toBe(false);
  });
  it("targetId, recipientId and activityId are at most 128 characters", () => {
    for (const field of ["targetId", "recipientId", "activityId"]) {
      expect(accepts(callOperationSchema, { clientId: CLIENT_ID, [field]: "x".repeat(128) })).toBe(true);
      expect(accepts(callOperationSchema, { clientId: CLIENT_ID, [field]: "x".repeat(129) })).toBe(false);
    }
  });
  it("knows the fifteen actions and the two roles", () => {
    expect(accepts(actionBodySchema, { clientId: CLIENT_ID, action: "stage/demote" })).toBe(true);
    expect(accepts(actionBodySchema, { clientId: CLIENT_ID, action: "dance" })).toBe(false);
    expect(accepts(callOperationSchema, { clientId: CLIENT_ID, role: "moderator" })).toBe(false);
  });
  it("has no additional fields", () => expect(accepts(callOperationSchema, { clientId: CLIENT_ID, grantId: "g" })).toBe(false));
});

describe("spec 2, CallParticipant: every field required, display data only", () => {
  const participant = { userId: "u", participationId: "p", username: "ada", avatarUrl: null, role: "speaker", presence: "connected", stageState: "none" };
  it("accepts a full participant", () => expect(accepts(callParticipantSchema, participant)).toBe(true));
  it("rejects a credential field", () => expect(accepts(callParticipantSchema, { ...participant, roomToken: "t" })).toBe(false));
  it("knows the presence and stage states", () => {
    expect(accepts(callParticipantSchema, { ...participant, presence: "away" })).toBe(false);
    expect(accepts(callParticipantSchema, { ...participant, stageState: "joined" })).toBe(false);
  });
});

describe("spec 2, Call grant: no roster while approval", () => {
  it("an approval grant carries no roster", () => {
    expect(accepts(grantSchema, { grantId: "g", status: "approval" })).toBe(true);
    expect(accepts(grantSchema, { grantId: "g", status: "approval", participants: [] })).toBe(false);
  });
});

describe("spec 2, Command outcome statuses", () => {
  it.each(["pending", "working", "applied", "declined", "failed", "expired"])("%s is a status", (status) => {
    expect(accepts(commandSchema, { commandId: "c", status })).toBe(true);
  });
  it("nothing else is", () => expect(accepts(commandSchema, { commandId: "c", status: "done" })).toBe(false));
});

describe("spec 2, presentations and tiles", () => {
  it("prepare takes mode video or audioOnly only", () => {
    expect(accepts(callPrepareSchema, { mode: "audioOnly" })).toBe(true);
    expect(accepts(callPrepareSchema, { mode: "screen" })).toBe(false);
    expect(accepts(callPrepareSchema, { mode: "video", tiles: [] })).toBe(false);
  });
  it("a tile names a participation (≤ 128), a fit and a label flag, all required", () => {
    expect(accepts(callTileSchema, { participationId: "p", fit: "cover", label: true })).toBe(true);
    expect(accepts(callTileSchema, { participationId: "p", fit: "fill", label: true })).toBe(false);
    expect(accepts(callTileSchema, { participationId: "p".repeat(129), fit: "cover", label: true })).toBe(false);
    expect(accepts(callTileSchema, { participationId: "p", fit: "cover" })).toBe(false);
  });
});

describe("spec 2, activities", () => {
  it("a session key is 1 to 256 characters and a label 1 to 80", () => {
    expect(accepts(callActivitySchema, { grantId: "g", sessionKey: "k".repeat(256), label: "l".repeat(80) })).toBe(true);
    expect(accepts(callActivitySchema, { grantId: "g", sessionKey: "k".repeat(257), label: "l" })).toBe(false);
    expect(accepts(callActivitySchema, { grantId: "g", sessionKey: "k", label: "l".repeat(81) })).toBe(false);
    expect(accepts(callActivitySchema, { grantId: "g", sessionKey: "", label: "l" })).toBe(false);
  });
  it("the verified entry has exactly its six fields", () => {
    const entry = { entryId: "e", activityId: "a", sessionKey: "k", label: "l", userId: "u", expiresIn: 20 };
    expect(accepts(activityEntrySchema, entry)).toBe(true);
    expect(accepts(activityEntrySchema, { ...entry, callId: "c" })).toBe(false);
  });
});
