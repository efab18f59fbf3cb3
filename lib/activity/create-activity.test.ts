import { describe, expect, it } from "vitest";
import { callActivitySchema } from "@/lib/contract";
import { MAX_ACTIVITIES_PER_GRANT, RATE_LIMITS } from "@/lib/shared/app-limits";
import { ACTIVITY_KINDS } from "@/lib/shared/activity-kinds";
import { ACTIVITY_ID, KIND_SAMPLES, REGISTER_PATH, activityDeps, registered } from "@/lib/testing/activity-fixtures";
import { GRANT_ID, aCallSession, callRequests, campusError } from "@/lib/testing/call-fixtures";
import { createActivity } from "./create-activity";
import { newSessionKey } from "./session-key";

const input = { kind: "poll" as const, label: "Lunch", question: "What for lunch?", options: ["Soup", "Salad"] };

describe("spec 4.11: a new activity is registered for the session's grant", () => {
  it("makes the session key on the server, registers it with the session's grant, and keeps both in the session", async () => {
    const { deps, campus } = activityDeps({ routes: { [REGISTER_PATH]: registered }, sessionKey: "server-made-key" });
    const { credentials, sid } = await aCallSession(deps, { grantId: GRANT_ID });
    const response = await createActivity(credentials, input, deps);

    const registration = campus.requests.find((request) => request.url.endsWith("/v1/apps/calls/activities"));
    expect(await registration?.clone().json()).toEqual({ grantId: GRANT_ID, sessionKey: "server-made-key", label: "Lunch" });
    expect(await deps.activityAccess.get(sid)).toEqual({ role: "inviter", userId: "usr_ada", activityId: ACTIVITY_ID, sessionKey: "server-made-key" });
    expect(await deps.activities.read("server-made-key")).toMatchObject({ question: "What for lunch?", options: ["Soup", "Salad"], ownerId: "usr_ada" });
    expect(response).toEqual({
      state: "joined",
      activity: { kind: "poll", role: "inviter", owner: true, label: "Lunch", question: "What for lunch?", options: ["Soup", "Salad"], votes: [], closed: false, version: 0 },
    });
  });

  it.each(ACTIVITY_KINDS)("a %s is registered the same way, with its label; the page gets it as it starts", async (kind) => {
    const { create, view } = KIND_SAMPLES[kind];
    const { deps, campus } = activityDeps({ routes: { [REGISTER_PATH]: registered }, sessionKey: "server-made-key" });
    const { credentials } = await aCallSession(deps, { grantId: GRANT_ID });
    const response = await createActivity(credentials, { ...create }, deps);

    const registration = campus.requests.find((request) => request.url.endsWith("/v1/apps/calls/activities"));
    expect(await registration?.clone().json()).toEqual({ grantId: GRANT_ID, sessionKey: "server-made-key", label: create.label });
    expect(await deps.activities.read("server-made-key")).toMatchObject({ ...create, ownerId: "usr_ada", createdAt: expect.any(Number), version: 0 });
    expect(response).toEqual({ state: "joined", activity: { ...view, role: "inviter", owner: true } });
  });

  it("the page never sees the session key or the activity ID", async () => {
    const { deps } = activityDeps({ routes: { [REGISTER_PATH]: registered }, sessionKey: "server-made-key" });
    const { credentials } = await aCallSession(deps, { grantId: GRANT_ID });
    const body = JSON.stringify(await createActivity(credentials, input, deps));
    expect(body).not.toContain("server-made-key");
    expect(body).not.toContain(ACTIVITY_ID);
  });

  it("the real session key is random, at least 128 bits, new every time, within the spec's 256 chars", () => {
    const keys = new Set(Array.from({ length: 100 }, newSessionKey));
    expect(keys.size).toBe(100);
    for (const key of keys) {
      expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(callActivitySchema.shape.sessionKey.safeParse(key).success).toBe(true);
      expect(Buffer.from(key, "base64url").length * 8).toBeGreaterThanOrEqual(128);
    }
  });

  it("without an attached grant: CALL_CONFLICT, and nothing is registered", async () => {
    const { deps, campus } = activityDeps();
    const { credentials } = await aCallSession(deps);
    await expect(createActivity(credentials, input, deps)).rejects.toMatchObject({ code: "CALL_CONFLICT" });
    expect(callRequests(campus.requests)).toEqual([]);
  });

  it("needs calls:control, checked before the campus is asked", async () => {
    const { deps, campus } = activityDeps();
    const { credentials } = await aCallSession(deps, { scopes: ["calls:read"], grantId: GRANT_ID });
    await expect(createActivity(credentials, input, deps)).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(campus.requests).toHaveLength(0);
  });

  it("a refused registration leaves no session behind and no access in the session", async () => {
    const { deps } = activityDeps({ routes: { [REGISTER_PATH]: () => campusError("FORBIDDEN", 403, "approval needed") } });
    const { credentials, sid } = await aCallSession(deps, { grantId: GRANT_ID });
    await expect(createActivity(credentials, input, deps)).rejects.toMatchObject({ code: "FORBIDDEN", message: "approval needed" });
    expect(await deps.activities.read("k".repeat(43))).toBeUndefined();
    expect(await deps.activityAccess.get(sid)).toBeUndefined();
  });
});

describe("member-made things are bounded", () => {
  it(`a member keeps at most ${MAX_ACTIVITIES_PER_GRANT} polls in a call: a new one closes the oldest`, async () => {
    let made = 0;
    const { deps } = activityDeps({ routes: { [REGISTER_PATH]: registered } });
    deps.newSessionKey = () => `poll-key-${++made}`;
    const { credentials } = await aCallSession(deps, { grantId: GRANT_ID });
    for (let i = 0; i <= MAX_ACTIVITIES_PER_GRANT; i++) await createActivity(credentials, input, deps);
    expect(await deps.activities.read("poll-key-1")).toBeUndefined();
    expect(await deps.activities.read("poll-key-2")).toBeDefined();
    expect(await deps.activities.read(`poll-key-${MAX_ACTIVITIES_PER_GRANT + 1}`)).toBeDefined();
  });

  it("new polls are rate limited per member: 429 before the campus is asked", async () => {
    const { deps, campus } = activityDeps({ routes: { [REGISTER_PATH]: registered } });
    const { credentials } = await aCallSession(deps, { grantId: GRANT_ID });
    for (let i = 0; i < RATE_LIMITS.activityCreateByMember.points; i++) await createActivity(credentials, input, deps);
    const registrations = campus.requests.length;
    await expect(createActivity(credentials, input, deps)).rejects.toMatchObject({ code: "RATE_LIMITED", status: 429 });
    expect(campus.requests.length).toBe(registrations);
  });
});
