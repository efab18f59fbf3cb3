import { describe, expect, it } from "vitest";
import { apiRequest as post, expectBadInput, TEST_APP, wireRequest } from "@/lib/testing/wire-request";
import { POST as postActivity } from "@/app/api/activity/route";
import { GET as getNotes, POST as postNotes } from "@/app/api/activity/notes/route";
import { NOTES_LIMITS } from "@/lib/shared/notes";
import { activityResponseSchema, createActivityRequestSchema } from "@/lib/wire/activity-routes";
import { postNoteRequestSchema } from "@/lib/wire/notes";

const APP = TEST_APP;


describe("POST /api/activity/notes takes the note's text only, 1 to 280 characters once trimmed", () => {
  it("an empty note, or one of spaces only, is 400", async () => {
    await expectBadInput(await postNotes(post("/api/activity/notes", { text: "" })));
    await expectBadInput(await postNotes(post("/api/activity/notes", { text: " \n\t " })));
    await expectBadInput(await postNotes(post("/api/activity/notes", {})));
  });

  it(`a note over ${NOTES_LIMITS.noteMaxLength} characters is 400`, async () => {
    await expectBadInput(await postNotes(post("/api/activity/notes", { text: "x".repeat(NOTES_LIMITS.noteMaxLength + 1) })));
  });

  it.each([
    ["an author", { text: "Hi", authorId: "usr_grace" }],
    ["a userId", { text: "Hi", userId: "usr_grace" }],
    ["a session key", { text: "Hi", sessionKey: "k".repeat(43) }],
    ["an activity", { text: "Hi", activityId: "act_1" }],
  ])("a note naming %s is 400: the backend takes them from the session", async (_what, body) => {
    await expectBadInput(await postNotes(post("/api/activity/notes", body)));
  });

  it("the route answers POST only", async () => {
    const response = await getNotes(wireRequest(`${APP}/api/activity/notes`, { headers: { "X-Campus-Launch": "launch-1" } }));
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
  });

  it("the text is trimmed; 280 characters pass", () => {
    expect(postNoteRequestSchema.parse({ text: "  Hello \n" })).toEqual({ text: "Hello" });
    expect(postNoteRequestSchema.safeParse({ text: ` ${"x".repeat(NOTES_LIMITS.noteMaxLength)} ` }).success).toBe(true);
  });
});

describe("POST /api/activity with `kind: \"notes\"`", () => {
  const notes = { kind: "notes", label: "Retro", topic: "What went well?" };

  it("notes take a label of 1 to 80 characters and a topic", async () => {
    expect(createActivityRequestSchema.parse(notes)).toEqual(notes);
    await expectBadInput(await postActivity(post("/api/activity", { ...notes, label: "x".repeat(81) })));
    await expectBadInput(await postActivity(post("/api/activity", { ...notes, label: " " })));
    await expectBadInput(await postActivity(post("/api/activity", { ...notes, topic: "" })));
    await expectBadInput(await postActivity(post("/api/activity", { ...notes, topic: "x".repeat(NOTES_LIMITS.topicMaxLength + 1) })));
  });

  it("the page's view of notes has no place for an author's ID or more than the cap", () => {
    const note = { author: { userId: "usr_ada", username: "ada" }, text: "Hi" };
    const activity = { kind: "notes", role: "guest", owner: false, label: "L", topic: "T", notes: [note], version: 1 };
    expect(activityResponseSchema.safeParse({ state: "joined", activity }).success).toBe(true);
    expect(activityResponseSchema.safeParse({ state: "joined", activity: { ...activity, notes: [{ ...note, authorId: "usr_ada" }] } }).success).toBe(false);
    const tooMany = Array.from({ length: NOTES_LIMITS.maxNotes + 1 }, () => note);
    expect(activityResponseSchema.safeParse({ state: "joined", activity: { ...activity, notes: tooMany } }).success).toBe(false);
  });
});
