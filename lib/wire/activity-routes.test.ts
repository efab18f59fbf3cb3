import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { wireRequest } from "@/lib/testing/wire-request";
import { GET as getActivity, POST as postActivity } from "@/app/api/activity/route";
import { POST as postEntry } from "@/app/api/activity/entry/route";
import { POST as postInvite } from "@/app/api/activity/invite/route";
import { POST as postVote } from "@/app/api/activity/vote/route";
import { POST as postClose } from "@/app/api/activity/close/route";
import { activityResponseSchema, createActivityRequestSchema } from "@/lib/wire/activity-routes";
import { voteRequestSchema } from "@/lib/wire/poll";

const APP = "http://app.localhost:3000";
const KEY = "k".repeat(43);

const request = (path: string, body?: unknown) =>
  wireRequest(`${APP}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "X-Campus-Launch": "launch-1", "Content-Type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

const poll = { label: "Lunch", question: "What for lunch?", options: ["Soup", "Salad"] };

async function expectBadInput(response: Response) {
  expect(response.status).toBe(400);
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  expect(await response.json()).toMatchObject({ error: { code: "BAD_USER_INPUT" } });
}

describe("spec 4.13: no activity route takes a session key, an activity, an entry or a grant from the browser", () => {
  it.each([
    ["sessionKey", { option: 0, sessionKey: KEY }],
    ["activityId", { option: 0, activityId: "act_1" }],
    ["entryId", { option: 0, entryId: "ent_1" }],
    ["userId", { option: 0, userId: "usr_grace" }],
  ])("a vote with %s is 400", async (_field, body) => {
    await expectBadInput(await postVote(request("/api/activity/vote", body)));
  });

  it.each([
    ["sessionKey", { ...poll, sessionKey: KEY }],
    ["activityId", { ...poll, activityId: "act_1" }],
    ["grantId", { ...poll, grantId: "grt_1" }],
  ])("a new activity with %s is 400", async (_field, body) => {
    await expectBadInput(await postActivity(request("/api/activity", body)));
  });

  it("an invitation with an activityId is 400", async () => {
    await expectBadInput(await postInvite(request("/api/activity/invite", { activityId: "act_1" })));
  });

  it("a close naming an activity or an owner is 400", async () => {
    await expectBadInput(await postClose(request("/api/activity/close", { activityId: "act_1" })));
    await expectBadInput(await postClose(request("/api/activity/close", { ownerId: "usr_grace" })));
  });

  it("GET /api/activity with a session key or activity in the URL is 400, never read", async () => {
    await expectBadInput(await getActivity(request(`/api/activity?sessionKey=${KEY}&activityId=act_1`)));
  });

  it("POST /api/activity/entry with a session key or activity in the URL is 400, never read", async () => {
    const entry = new NextRequest(`${APP}/api/activity/entry?sessionKey=${KEY}&activityId=act_1`, { method: "POST", headers: { "X-Campus-Launch": "launch-1" } });
    await expectBadInput(await postEntry(entry));
  });

  it("every activity route needs X-Campus-Launch", async () => {
    const bare = new NextRequest(`${APP}/api/activity`);
    expect((await getActivity(bare)).status).toBe(400);
  });
});

describe("the request schemas keep this app's poll limits", () => {
  it("two to six unique options, a label of 1 to 80 chars", () => {
    expect(createActivityRequestSchema.safeParse(poll).success).toBe(true);
    expect(createActivityRequestSchema.safeParse({ ...poll, options: ["Soup"] }).success).toBe(false);
    expect(createActivityRequestSchema.safeParse({ ...poll, options: ["Soup", "Soup"] }).success).toBe(false);
    expect(createActivityRequestSchema.safeParse({ ...poll, options: ["a", "b", "c", "d", "e", "f", "g"] }).success).toBe(false);
    expect(createActivityRequestSchema.safeParse({ ...poll, label: "x".repeat(81) }).success).toBe(false);
    expect(createActivityRequestSchema.safeParse({ ...poll, question: "  " }).success).toBe(false);
  });

  it("a vote is an option index", () => {
    expect(voteRequestSchema.safeParse({ option: 1 }).success).toBe(true);
    expect(voteRequestSchema.safeParse({ option: "Soup" }).success).toBe(false);
    expect(voteRequestSchema.safeParse({ option: -1 }).success).toBe(false);
  });

  it("the page's view of a poll has no place for a key or an ID", () => {
    const joined = { state: "joined", activity: { kind: "poll", role: "guest", owner: false, label: "L", question: "Q", options: ["a", "b"], votes: [], closed: false, version: 0 } };
    expect(activityResponseSchema.safeParse(joined).success).toBe(true);
    expect(activityResponseSchema.safeParse({ ...joined, activity: { ...joined.activity, sessionKey: KEY } }).success).toBe(false);
    expect(activityResponseSchema.safeParse({ ...joined, activity: { ...joined.activity, activityId: "act_1" } }).success).toBe(false);
  });
});
