import { describe, expect, it } from "vitest";
import { apiRequest as request, expectBadInput } from "@/lib/testing/wire-request";
import { POST as postVote } from "@/app/api/activity/vote/route";
import { POST as postClose } from "@/app/api/activity/close/route";
import { activityResponseSchema, createActivityRequestSchema } from "@/lib/wire/activity-routes";
import { voteRequestSchema } from "@/lib/wire/poll";

// The poll's own wire rules; those of every kind are in lib/wire/activity-kinds.test.ts.
const KEY = "k".repeat(43);

const poll = { label: "Lunch", question: "What for lunch?", options: ["Soup", "Salad"] };


describe("spec 4.13: the poll's routes take no session key, activity, entry or voter from the browser", () => {
  it.each([
    ["sessionKey", { option: 0, sessionKey: KEY }],
    ["activityId", { option: 0, activityId: "act_1" }],
    ["entryId", { option: 0, entryId: "ent_1" }],
    ["userId", { option: 0, userId: "usr_grace" }],
  ])("a vote with %s is 400", async (_field, body) => {
    await expectBadInput(await postVote(request("/api/activity/vote", body)));
  });

  it("a close naming an activity or an owner is 400", async () => {
    await expectBadInput(await postClose(request("/api/activity/close", { activityId: "act_1" })));
    await expectBadInput(await postClose(request("/api/activity/close", { ownerId: "usr_grace" })));
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

  it("without a kind it is a poll", () => {
    expect(createActivityRequestSchema.parse(poll)).toEqual({ kind: "poll", ...poll });
  });

  it("the page's view of a poll has no place for a key or an ID", () => {
    const joined = { state: "joined", activity: { kind: "poll", role: "guest", owner: false, label: "L", question: "Q", options: ["a", "b"], votes: [], closed: false, version: 0 } };
    expect(activityResponseSchema.safeParse(joined).success).toBe(true);
    expect(activityResponseSchema.safeParse({ ...joined, activity: { ...joined.activity, sessionKey: KEY } }).success).toBe(false);
    expect(activityResponseSchema.safeParse({ ...joined, activity: { ...joined.activity, activityId: "act_1" } }).success).toBe(false);
  });
});
