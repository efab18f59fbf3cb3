import { describe, expect, it } from "vitest";
import type { Campus } from "../app";
import {
  createTestCampus,
  issueToken,
  openTestLaunch,
  readError,
  readJson,
  readUserinfo,
  requestCampus,
  send,
  TEST_CLIENT_AUTH,
  wireInit,
} from "../test-support/test-campus";
import { presentingCall } from "../test-support/presentation-scenarios";

const CAMPUS_ORIGIN = "http://campus.localhost:4000";
const OWN_PAGE = { Origin: CAMPUS_ORIGIN, "Sec-Fetch-Site": "same-origin" };

const FOREIGN = [
  ["another site's Origin", { Origin: "http://evil.example" }],
  ["the app's Origin", { Origin: "http://app.test:3000" }],
  ["an opaque Origin", { Origin: "null" }],
  ["Sec-Fetch-Site: cross-site", { "Sec-Fetch-Site": "cross-site" }],
  ["Sec-Fetch-Site: same-site", { "Sec-Fetch-Site": "same-site" }],
] as const;

const FORBIDDEN = { status: 403, code: "FORBIDDEN" };

async function countCodes(campus: Campus): Promise<number> {
  return (await readJson<{ codes: number }>(await send(campus, "GET", "/control/records"))).codes;
}

describe("policy.ts: no page of another site can drive the control API", () => {
  it("refuses a cross-site text/plain POST, as a page elsewhere can send without a preflight, and revokes nothing", async () => {
    const campus = createTestCampus();
    const { accessToken } = await issueToken(campus);
    const response = await send(campus, "POST", "/control/consent/revoke", {
      body: "{}",
      headers: { "Content-Type": "text/plain", Origin: "http://evil.example", "Sec-Fetch-Site": "cross-site" },
    });
    expect(await readError(response)).toEqual(FORBIDDEN);
    expect((await readUserinfo(campus, accessToken)).status).toBe(200);
  });

  it.each(FOREIGN)("refuses a JSON POST with %s", async (_case, headers) => {
    const campus = createTestCampus();
    const { accessToken } = await issueToken(campus);
    const response = await send(campus, "POST", "/control/consent/revoke", { json: {}, headers });
    expect(await readError(response)).toEqual(FORBIDDEN);
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

  it("takes JSON from a server-to-server caller (no Origin) and from the campus's own page", async () => {
    const campus = createTestCampus();
    await issueToken(campus);
    expect(await readJson(await send(campus, "POST", "/control/consent/revoke", { json: { username: "ada" } }))).toEqual({ revoked: 1 });
    expect((await send(campus, "POST", "/control/clock/advance", { json: { seconds: 1 }, headers: OWN_PAGE })).status).toBe(200);
  });

  it("lets anyone read (GET changes nothing, and no CORS answer lets another site read it)", async () => {
    const campus = createTestCampus();
    const response = await send(campus, "GET", "/control/clock", { headers: { Origin: "http://evil.example" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Access-Control-Allow-Origin")).toBeNull();
  });
});

describe("policy.ts: no page of another site can act on the campus page's own endpoints", () => {
  it.each(FOREIGN)("refuses a launch with %s, and opens none", async (_case, headers) => {
    const campus = createTestCampus();
    const response = await send(campus, "POST", "/host/launches", { json: { tabId: "tab-ada-1" }, member: "ada", headers });
    expect(await readError(response)).toEqual(FORBIDDEN);
    expect(await readJson(await send(campus, "GET", "/control/launches"))).toEqual({ launches: [] });
  });

  it("refuses a consent with a code from another site, and issues no code", async () => {
    const campus = createTestCampus();
    const { launchId, tabId } = await openTestLaunch(campus);
    const json = { tabId, state: "state-1234", consent: "approved" };
    const forged = await send(campus, "POST", `/host/launches/${launchId}/codes`, { json, member: "ada", headers: { Origin: "http://evil.example" } });
    expect(await readError(forged)).toEqual(FORBIDDEN);
    expect(await countCodes(campus)).toBe(0);
    const own = await send(campus, "POST", `/host/launches/${launchId}/codes`, { json, member: "ada", headers: OWN_PAGE });
    expect(own.status).toBe(200);
    expect(await countCodes(campus)).toBe(1);
  });

  it("refuses a registration save from another site, and saves nothing", async () => {
    const campus = createTestCampus();
    const json = { scopes: [], published: false };
    const response = await send(campus, "PUT", "/host/registration", { json, headers: { "Sec-Fetch-Site": "cross-site", Origin: "http://evil.example" } });
    expect(await readError(response)).toEqual(FORBIDDEN);
    expect(await readJson(await send(campus, "GET", "/host/registration"))).toMatchObject({ generation: 1, published: true });
  });

  it("refuses a page-side call action from a sibling site, and starts no call", async () => {
    const campus = createTestCampus();
    const response = await send(campus, "POST", "/host/call/start", { json: { tabId: "tab-ada-1" }, member: "ada", headers: { "Sec-Fetch-Site": "same-site", Origin: "http://other.campus.localhost:4000" } });
    expect(await readError(response)).toEqual(FORBIDDEN);
    expect(await readJson(await send(campus, "GET", "/control/calls"))).toEqual({ calls: [] });
  });

  it("refuses a tile report from an opaque origin, even with the tile's secret", async () => {
    const { tile } = await presentingCall();
    const report = { json: { secret: tile.secret, ready: false, visible: false } };
    const response = await send(tile.campus, "POST", `/tiles/${tile.tileId}/report`, { ...report, headers: { Origin: "null" } });
    expect(await readError(response)).toEqual(FORBIDDEN);
    expect((await send(tile.campus, "POST", `/tiles/${tile.tileId}/report`, { ...report, headers: OWN_PAGE })).status).toBe(200);
  });

  it("refuses before reading the body: a body that never ends is answered at once", async () => {
    const never = new ReadableStream<Uint8Array>({ pull: () => new Promise<void>(() => undefined) });
    const headers = { "Content-Type": "application/json", Origin: "http://evil.example" };
    const response = await requestCampus(createTestCampus(), "/host/launches", wireInit({ method: "POST", headers, body: never }));
    expect(await readError(response)).toEqual(FORBIDDEN);
    expect(response.headers.get("Connection")).toBe("close");
  });

  it("refuses a text/plain host request 415 BAD_REQUEST before reading it", async () => {
    const response = await send(createTestCampus(), "POST", "/host/launches", { body: '{"tabId":"tab-ada-1"}', headers: { "Content-Type": "text/plain" } });
    expect(await readError(response)).toEqual({ status: 415, code: "BAD_REQUEST" });
  });

  it("takes the campus's own page", async () => {
    const response = await send(createTestCampus(), "POST", "/host/launches", { json: { tabId: "tab-ada-1" }, member: "ada", headers: OWN_PAGE });
    expect(response.status).toBe(200);
  });
});

describe("policy.ts: the REST API is server to server and keeps the spec's rules", () => {
  it("answers a token exchange with a foreign Origin by its own rules (400 for a text/plain body), not 403 or 415", async () => {
    const headers = { "Content-Type": "text/plain", Origin: "http://evil.example", "Sec-Fetch-Site": "cross-site", Authorization: TEST_CLIENT_AUTH };
    const response = await send(createTestCampus(), "POST", "/v1/apps/token", { body: '{"code":"x"}', headers });
    expect(await readError(response)).toEqual({ status: 400, code: "BAD_USER_INPUT" });
  });
});

describe("RFC 9112 6.3: a request without a body needs no content type, one with a body needs JSON", () => {
  it.each([
    ["neither Content-Length nor Transfer-Encoding", {}],
    ["Content-Length: 0", { "Content-Length": "0" }],
  ])("takes a DELETE with %s and no content type", async (_case, headers) => {
    const campus = createTestCampus();
    expect((await send(campus, "POST", "/control/faults", { json: { endpoint: "token", kind: "unavailable" } })).status).toBe(200);
    const response = await send(campus, "DELETE", "/control/faults", { headers });
    expect(response.status).toBe(200);
    expect(await readJson(await send(campus, "GET", "/control/faults"))).toEqual({ faults: [] });
  });

  it.each([
    ["a text/plain body", { body: "{}", headers: { "Content-Type": "text/plain" } }],
    ["a body with no content type", { body: "{}" }],
    ["a chunked body with no content type", { headers: { "Transfer-Encoding": "chunked" }, body: "{}" }],
  ])("refuses a DELETE with %s (415)", async (_case, options) => {
    const response = await send(createTestCampus(), "DELETE", "/control/faults", options);
    expect(await readError(response)).toEqual({ status: 415, code: "BAD_USER_INPUT" });
  });

  it("refuses a POST with no body and no content type (415): POST is the method of a body", async () => {
    expect(await readError(await send(createTestCampus(), "POST", "/control/reset"))).toEqual({ status: 415, code: "BAD_USER_INPUT" });
  });

  it("still refuses a bodiless DELETE from another site (403)", async () => {
    const response = await send(createTestCampus(), "DELETE", "/control/faults", { headers: { Origin: "http://evil.example" } });
    expect(await readError(response)).toEqual(FORBIDDEN);
  });
});
