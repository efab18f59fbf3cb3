import { describe, expect, it } from "vitest";
import { issueToken, readError, readJson, readUserinfo, send } from "../test-support/test-campus";
import { createTestCampus } from "../test-support/test-campus";

const CAMPUS_ORIGIN = "http://campus.localhost:4000";

describe("policy.ts: no page of another site can drive the control API", () => {
  it("refuses a cross-site text/plain POST, as a page elsewhere can send without a preflight, and revokes nothing", async () => {
    const campus = createTestCampus();
    const { accessToken } = await issueToken(campus);
    const response = await send(campus, "POST", "/control/consent/revoke", {
      body: "{}",
      headers: { "Content-Type": "text/plain", Origin: "http://evil.example", "Sec-Fetch-Site": "cross-site" },
    });
    expect(await readError(response)).toEqual({ status: 403, code: "FORBIDDEN" });
    expect((await readUserinfo(campus, accessToken)).status).toBe(200);
  });

  it.each([
    ["another site's Origin", { Origin: "http://evil.example" }],
    ["the app's Origin", { Origin: "http://app.test:3000" }],
    ["an opaque Origin", { Origin: "null" }],
    ["Sec-Fetch-Site: cross-site", { "Sec-Fetch-Site": "cross-site" }],
    ["Sec-Fetch-Site: same-site", { "Sec-Fetch-Site": "same-site" }],
  ])("refuses a JSON POST with %s", async (_case, headers) => {
    const campus = createTestCampus();
    const { accessToken } = await issueToken(campus);
    const response = await send(campus, "POST", "/control/consent/revoke", { json: {}, headers });
    expect(await readError(response)).toEqual({ status: 403, code: "FORBIDDEN" });
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect((await readUserinfo(campus, accessToken)).status).toBe(200);
  });

  it.each([
    ["text/plain", "{}"],
    ["application/x-www-form-urlencoded", "username=ada"],
    ["multipart/form-data; boundary=x", "--x--"],
  ])("refuses %s even without an Origin (415)", async (contentType, body) => {
    const campus = createTestCampus();
    const response = await send(campus, "POST", "/control/reset", { body, headers: { "Content-Type": contentType } });
    expect(await readError(response)).toEqual({ status: 415, code: "BAD_USER_INPUT" });
  });

  it("refuses a state change with no body and no content type", async () => {
    const campus = createTestCampus();
    expect(await readError(await send(campus, "DELETE", "/control/faults"))).toEqual({ status: 415, code: "BAD_USER_INPUT" });
  });

  it("takes JSON from a server-to-server caller (no Origin) and from the campus's own page", async () => {
    const campus = createTestCampus();
    await issueToken(campus);
    expect(await readJson(await send(campus, "POST", "/control/consent/revoke", { json: { username: "ada" } }))).toEqual({ revoked: 1 });
    const ownPage = { Origin: CAMPUS_ORIGIN, "Sec-Fetch-Site": "same-origin" };
    expect((await send(campus, "POST", "/control/clock/advance", { json: { seconds: 1 }, headers: ownPage })).status).toBe(200);
  });

  it("lets anyone read (GET changes nothing, and no CORS answer lets another site read it)", async () => {
    const campus = createTestCampus();
    const response = await send(campus, "GET", "/control/clock", { headers: { Origin: "http://evil.example" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Access-Control-Allow-Origin")).toBeNull();
  });
});
