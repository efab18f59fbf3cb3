import { describe, expect, it } from "vitest";
import type { Scope } from "../../lib/contract";
import { memberSchema } from "../../lib/contract";
import { getSeededUserId } from "../state/members";
import {
  advanceClock,
  createTestCampus,
  issueToken,
  readError,
  readUserinfo,
  saveTestRegistration,
  send,
} from "../test-support/test-campus";

async function readMemberAs(member: string, scopes: Scope[]) {
  const campus = createTestCampus();
  const { accessToken } = await issueToken(campus, { member, scopes });
  const response = await readUserinfo(campus, accessToken);
  expect(response.status).toBe(200);
  return memberSchema.parse(await response.json());
}

describe("spec 2 Member: userId and scopes always; other fields only with their scope", () => {
  it("holds only userId and scopes with no scopes", async () => {
    expect(await readMemberAs("ada", [])).toEqual({ userId: getSeededUserId("ada"), scopes: [] });
  });

  it("adds username, name and countryCode with profile:read", async () => {
    expect(await readMemberAs("ada", ["profile:read"])).toEqual({
      userId: getSeededUserId("ada"),
      scopes: ["profile:read"],
      username: "ada",
      name: "Ada Lovelace",
      countryCode: "GB",
    });
  });

  it("adds only birthdate with birthdate:read", async () => {
    expect(await readMemberAs("grace", ["birthdate:read"])).toEqual({
      userId: getSeededUserId("grace"),
      scopes: ["birthdate:read"],
      birthdate: "1906-12-09",
    });
  });

  it("holds every field with both scopes, and call scopes add no member fields", async () => {
    const member = await readMemberAs("linus", ["profile:read", "birthdate:read", "calls:read", "calls:control"]);
    expect(Object.keys(member).sort()).toEqual(["birthdate", "countryCode", "name", "scopes", "userId", "username"]);
  });

  it("keeps null fields null rather than omitting them", async () => {
    expect(await readMemberAs("nobody_yet", ["profile:read", "birthdate:read"])).toEqual({
      userId: getSeededUserId("nobody_yet"),
      scopes: ["profile:read", "birthdate:read"],
      username: "nobody_yet",
      name: null,
      countryCode: null,
      birthdate: null,
    });
  });
});

describe("spec 5.2: a missing, unknown or expired token is 401 INVALID_TOKEN", () => {
  it("refuses a request without a bearer token", async () => {
    const response = await readUserinfo(createTestCampus(), undefined);
    expect(await readError(response)).toEqual({ status: 401, code: "INVALID_TOKEN" });
    expect(response.headers.get("WWW-Authenticate")).toMatch(/^Bearer /);
  });

  it("refuses an unknown token", async () => {
    expect(await readError(await readUserinfo(createTestCampus(), "unknown-token"))).toEqual({ status: 401, code: "INVALID_TOKEN" });
  });

  it("refuses Basic credentials in place of a bearer token", async () => {
    const response = await send(createTestCampus(), "GET", "/v1/apps/userinfo", { headers: { Authorization: "Basic YTpi" } });
    expect(await readError(response)).toEqual({ status: 401, code: "INVALID_TOKEN" });
  });

  it("accepts a token at 899 s and refuses it after 901 s", async () => {
    const campus = createTestCampus();
    const { accessToken } = await issueToken(campus);
    await advanceClock(campus, 899);
    expect((await readUserinfo(campus, accessToken)).status).toBe(200);
    await advanceClock(campus, 2);
    expect(await readError(await readUserinfo(campus, accessToken))).toEqual({ status: 401, code: "INVALID_TOKEN" });
  });
});

describe("spec 4.2: access and consent are rechecked on every call", () => {
  it("answers 403 ACCESS_REVOKED once the member revokes consent", async () => {
    const campus = createTestCampus();
    const { accessToken } = await issueToken(campus);
    expect((await readUserinfo(campus, accessToken)).status).toBe(200);
    await send(campus, "POST", "/control/consent/revoke", { json: {} });
    expect(await readError(await readUserinfo(campus, accessToken))).toEqual({ status: 403, code: "ACCESS_REVOKED" });
  });

  it("answers 403 APP_UNAVAILABLE once the app is unpublished", async () => {
    const campus = createTestCampus();
    const { accessToken } = await issueToken(campus);
    await saveTestRegistration(campus, { published: false });
    expect(await readError(await readUserinfo(campus, accessToken))).toEqual({ status: 403, code: "APP_UNAVAILABLE" });
  });

  it("answers 403 APP_UNAVAILABLE after any registration save (spec 5.6)", async () => {
    const campus = createTestCampus();
    const { accessToken } = await issueToken(campus);
    await saveTestRegistration(campus, {});
    expect(await readError(await readUserinfo(campus, accessToken))).toEqual({ status: 403, code: "APP_UNAVAILABLE" });
  });

  it("keeps a token working after its launch was replaced by a remount (policy.ts)", async () => {
    const campus = createTestCampus();
    const { accessToken, tabId } = await issueToken(campus);
    await send(campus, "POST", "/host/launches", { json: { tabId }, member: "ada" });
    expect((await readUserinfo(campus, accessToken)).status).toBe(200);
  });

  it("answers 503 INTERNAL_SERVER_ERROR when the services are unavailable", async () => {
    const campus = createTestCampus();
    const { accessToken } = await issueToken(campus);
    await send(campus, "POST", "/control/faults", { json: { endpoint: "userinfo", kind: "unavailable" } });
    expect(await readError(await readUserinfo(campus, accessToken))).toEqual({ status: 503, code: "INTERNAL_SERVER_ERROR" });
  });
});
