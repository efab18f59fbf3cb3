import { describe, expect, it } from "vitest";
import {
  createTestCampus,
  exchangeCode,
  issueCode,
  issueToken,
  openTestLaunch,
  readError,
  readJson,
  readUserinfo,
  saveTestRegistration,
  send,
} from "../test-helpers";

describe("spec 5.6: a registration save invalidates old launches and credentials", () => {
  it("bumps the generation", async () => {
    const campus = createTestCampus();
    const saved = await readJson(await saveTestRegistration(campus, { scopes: ["profile:read"] }));
    expect(saved).toMatchObject({ generation: 2, scopes: ["profile:read"] });
  });

  it("ends launches, codes and tokens issued before it", async () => {
    const campus = createTestCampus();
    const { accessToken } = await issueToken(campus);
    const { code, launchId, tabId } = await issueCode(campus, { tabId: "tab-ada-2" });
    await saveTestRegistration(campus, {});
    expect(await readError(await readUserinfo(campus, accessToken))).toEqual({ status: 403, code: "APP_UNAVAILABLE" });
    expect(await readError(await exchangeCode(campus, code))).toEqual({ status: 403, code: "APP_UNAVAILABLE" });
    const authorize = await send(campus, "POST", `/host/launches/${launchId}/authorize`, { json: { tabId }, member: "ada" });
    expect(await readError(authorize)).toEqual({ status: 409, code: "INVALID_LAUNCH" });
  });

  it("saves from the page panel too (scopes and publication)", async () => {
    const campus = createTestCampus();
    const { launchId, tabId } = await openTestLaunch(campus);
    const response = await send(campus, "PUT", "/host/registration", { json: { scopes: [], published: true } });
    expect(await readJson(response)).toMatchObject({ generation: 2, scopes: [] });
    const authorize = await send(campus, "POST", `/host/launches/${launchId}/authorize`, { json: { tabId }, member: "ada" });
    expect(await readError(authorize)).toEqual({ status: 409, code: "INVALID_LAUNCH" });
  });
});

describe("a registration save is validated, naming the bad field", () => {
  it.each([
    [{ scopes: ["calls:control"] }, "calls:control requires calls:read"],
    [{ scopes: ["profile:read", "profile:read"] }, "scopes must be unique"],
    [{ scopes: ["email:read"] }, "scopes.0"],
    [{ appUrl: "http://elsewhere.test/" }, "appUrl: must be on appOrigin"],
    [{ iconUrl: "http://elsewhere.test/icon.svg" }, "iconUrl: must be on appOrigin"],
    [{ iconUrl: "/icon.svg" }, "iconUrl"],
    [{ iconUrl: "javascript:alert(1)" }, "iconUrl"],
    [{ appOrigin: "http://app.test:3000/path", appUrl: "http://app.test:3000/path" }, "appOrigin: must be an origin"],
    [{ appOrigin: "http://campus.localhost:4000", appUrl: "http://campus.localhost:4000/" }, "must differ from the campus origin"],
    [{ published: "yes" }, "published"],
    [{ generation: 9 }, "generation"],
  ])("refuses %j", async (patch, message) => {
    const campus = createTestCampus();
    const response = await saveTestRegistration(campus, patch as never);
    const body = await readJson<{ error: { code: string; message: string } }>(response);
    expect(response.status).toBe(400);
    expect(body.error.code).toBe("BAD_USER_INPUT");
    expect(body.error.message).toContain(message);
    expect((await readJson(await send(campus, "GET", "/control/registration"))).generation).toBe(1);
  });
});

describe("the control API", () => {
  it("shows the registration without its secret", async () => {
    const registration = await readJson(await send(createTestCampus(), "GET", "/control/registration"));
    expect(registration).toMatchObject({ clientId: "test-app-client", published: true, generation: 1 });
    expect(registration).not.toHaveProperty("clientSecret");
  });

  it("advances the campus clock and reports the new time", async () => {
    const response = await send(createTestCampus(), "POST", "/control/clock/advance", { json: { seconds: 61 } });
    expect(await readJson(response)).toEqual({ now: "2030-01-01T00:01:01.000Z", offsetSeconds: 61 });
  });

  it("refuses a negative advance", async () => {
    const response = await send(createTestCampus(), "POST", "/control/clock/advance", { json: { seconds: -1 } });
    expect(await readError(response)).toEqual({ status: 400, code: "BAD_USER_INPUT" });
  });

  it("revokes every member's consent without a username", async () => {
    const campus = createTestCampus();
    await issueCode(campus, { member: "ada" });
    await issueCode(campus, { member: "grace" });
    expect(await readJson(await send(campus, "POST", "/control/consent/revoke", { json: {} }))).toEqual({ revoked: 2 });
  });

  it("refuses to revoke for an unknown member", async () => {
    const response = await send(createTestCampus(), "POST", "/control/consent/revoke", { json: { username: "mallory" } });
    expect(await readError(response)).toEqual({ status: 400, code: "BAD_USER_INPUT" });
  });

  it("resets to the seeded state, the registration source and clock offset 0", async () => {
    const campus = createTestCampus();
    const { accessToken } = await issueToken(campus);
    await saveTestRegistration(campus, { scopes: [] });
    await send(campus, "POST", "/control/clock/advance", { json: { seconds: 30 } });
    const reset = await readJson(await send(campus, "POST", "/control/reset", { json: {} }));
    expect(reset).toMatchObject({ ok: true, offsetSeconds: 0 });
    expect(await readJson(await send(campus, "GET", "/control/registration"))).toMatchObject({ generation: 1, scopes: expect.arrayContaining(["profile:read"]) });
    expect(await readJson(await send(campus, "GET", "/host/log"))).toEqual({ entries: [] });
    expect((await readUserinfo(campus, accessToken)).status).toBe(401);
  });

  it("answers the health check", async () => {
    expect(await readJson(await send(createTestCampus(), "GET", "/health"))).toEqual({ ok: true });
  });
});
