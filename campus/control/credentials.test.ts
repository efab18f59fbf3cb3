import { describe, expect, it } from "vitest";
import { advanceClock, createTestCampus, issueToken, readError, readJson, send } from "../test-support/test-campus";

describe("policy.ts: the control API does not list live bearer tokens", () => {
  it("shows issued tokens on GET as fingerprints with their member, never the token", async () => {
    const campus = createTestCampus();
    const { accessToken, launchId } = await issueToken(campus);
    const response = await send(campus, "GET", "/control/credentials");
    const text = await response.text();
    expect(text).not.toContain(accessToken);
    expect(JSON.parse(text)).toEqual({
      credentials: [expect.objectContaining({ fingerprint: expect.stringMatching(/^[A-Za-z0-9_-]{8}$/), username: "ada", launchId, live: true })],
    });
  });

  it("hands live tokens only to a JSON POST without a foreign Origin, optionally of one member", async () => {
    const campus = createTestCampus();
    const ada = await issueToken(campus);
    const grace = await issueToken(campus, { member: "grace" });
    expect(await readJson(await send(campus, "POST", "/control/credentials", { json: {} }))).toEqual({ accessTokens: [ada.accessToken, grace.accessToken] });
    expect(await readJson(await send(campus, "POST", "/control/credentials", { json: { username: "grace" } }))).toEqual({ accessTokens: [grace.accessToken] });
    const foreign = await send(campus, "POST", "/control/credentials", { json: {}, headers: { Origin: "http://evil.example" } });
    expect(await readError(foreign)).toEqual({ status: 403, code: "FORBIDDEN" });
  });

  it("leaves out expired tokens", async () => {
    const campus = createTestCampus();
    await issueToken(campus);
    await advanceClock(campus, 900);
    expect(await readJson(await send(campus, "POST", "/control/credentials", { json: {} }))).toEqual({ accessTokens: [] });
  });
});
