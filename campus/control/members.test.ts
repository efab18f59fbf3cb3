import { describe, expect, it } from "vitest";
import { getSeededUserId } from "../state/members";
import { createTestCampus, issueToken, readError, readJson, readUserinfo, send } from "../test-support/test-campus";

describe("control API: members", () => {
  it("adds a real member who signs in like the seeds and is listed", async () => {
    const campus = createTestCampus();
    const added = await send(campus, "POST", "/control/members", { json: { username: "visitor_0001", name: "Visitor 1" } });
    expect(added.status).toBe(201);
    expect(await readJson(added)).toEqual({
      userId: getSeededUserId("visitor_0001"),
      username: "visitor_0001",
      name: "Visitor 1",
      countryCode: null,
      birthdate: null,
      avatarUrl: null,
    });

    const { accessToken } = await issueToken(campus, { member: "visitor_0001" });
    expect(await readJson(await readUserinfo(campus, accessToken))).toMatchObject({ username: "visitor_0001" });
    const { members } = await readJson<{ members: { username: string }[] }>(await send(campus, "GET", "/control/members"));
    expect(members.map((member) => member.username)).toContain("visitor_0001");
  });

  it("defaults the name to null", async () => {
    const campus = createTestCampus();
    expect(await readJson(await send(campus, "POST", "/control/members", { json: { username: "anon" } }))).toMatchObject({ name: null });
  });

  it.each([
    ["a taken username", { username: "ada" }],
    ["a username off the spec pattern", { username: "Not-Valid" }],
    ["a username too short", { username: "ab" }],
    ["a simulated member's username", { username: "sim_01" }],
    ["an unknown field", { username: "someone", admin: true }],
  ])("refuses %s with 400 BAD_USER_INPUT", async (_label, json) => {
    const campus = createTestCampus();
    expect(await readError(await send(campus, "POST", "/control/members", { json }))).toEqual({ status: 400, code: "BAD_USER_INPUT" });
  });

  it("forgets added members on reset", async () => {
    const campus = createTestCampus();
    await send(campus, "POST", "/control/members", { json: { username: "visitor_0001" } });
    await send(campus, "POST", "/control/reset", { json: {} });
    const { members } = await readJson<{ members: { username: string }[] }>(await send(campus, "GET", "/control/members"));
    expect(members.map((member) => member.username)).toEqual(["ada", "grace", "linus", "nobody_yet"]);
  });
});
