import { describe, expect, it } from "vitest";
import { tokenSchema } from "../../lib/contract";
import {
  advanceClock,
  exchangeCode,
  createTestCampus,
  issueCode,
  readError,
  readJson,
  readUserinfo,
  saveTestRegistration,
  send,
  TEST_CLIENT_AUTH,
  TEST_REGISTRATION,
  basicAuth,
} from "../test-support/test-campus";

const postToken = (campus: ReturnType<typeof createTestCampus>, body: string, contentType = "application/json") =>
  send(campus, "POST", "/v1/apps/token", { body, headers: { Authorization: TEST_CLIENT_AUTH, "Content-Type": contentType } });

describe("spec 4.1: a valid code is exchanged for a Token", () => {
  it("answers the four Token fields, Bearer, 900 s and an opaque token of at least 32 random bytes", async () => {
    const campus = createTestCampus();
    const { code } = await issueCode(campus);
    const response = await exchangeCode(campus, code);
    expect(response.status).toBe(200);
    const token = tokenSchema.parse(await response.json());
    expect(token.token_type).toBe("Bearer");
    expect(token.expires_in).toBe(900);
    expect(token.access_token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
  });

  it("grants exactly the consented scopes, never more", async () => {
    const campus = createTestCampus();
    const { code } = await issueCode(campus, { scopes: ["birthdate:read"] });
    const token = tokenSchema.parse(await (await exchangeCode(campus, code)).json());
    expect(token.scopes).toEqual(["birthdate:read"]);
  });

  it("grants an empty scope list for an app registered with zero scopes (spec 5.4)", async () => {
    const campus = createTestCampus({ scopes: [] });
    const { code } = await issueCode(campus);
    expect(tokenSchema.parse(await (await exchangeCode(campus, code)).json()).scopes).toEqual([]);
  });
});

describe("spec 4.1: a body other than { code } (1 to 128 chars) is 400 BAD_USER_INPUT", () => {
  it.each([
    ["not JSON", "code=abc", "application/x-www-form-urlencoded"],
    ["malformed JSON", "{code:", "application/json"],
    ["an extra field", JSON.stringify({ code: "abc", state: "x" }), "application/json"],
    ["a wrong type", JSON.stringify({ code: 42 }), "application/json"],
    ["a missing code", JSON.stringify({}), "application/json"],
    ["an empty code", JSON.stringify({ code: "" }), "application/json"],
    ["a 129-char code", JSON.stringify({ code: "a".repeat(129) }), "application/json"],
  ])("rejects %s", async (_case, body, contentType) => {
    const campus = createTestCampus();
    expect(await readError(await postToken(campus, body, contentType))).toEqual({ status: 400, code: "BAD_USER_INPUT" });
  });

  it("accepts a 128-char code as input (and then finds it unknown)", async () => {
    const campus = createTestCampus();
    const response = await postToken(campus, JSON.stringify({ code: "a".repeat(128) }));
    expect(await readError(response)).toEqual({ status: 401, code: "INVALID_TOKEN" });
  });
});

describe("spec 3: a code is valid 60 s and single use, else 401 INVALID_TOKEN", () => {
  it("refuses an unknown code", async () => {
    const campus = createTestCampus();
    expect(await readError(await exchangeCode(campus, "no-such-code"))).toEqual({ status: 401, code: "INVALID_TOKEN" });
  });

  it("accepts a code at 59 s", async () => {
    const campus = createTestCampus();
    const { code } = await issueCode(campus);
    await advanceClock(campus, 59);
    expect((await exchangeCode(campus, code)).status).toBe(200);
  });

  it("refuses a code at exactly 60 s (policy.ts: lifetimes are exclusive)", async () => {
    const campus = createTestCampus();
    const { code } = await issueCode(campus);
    await advanceClock(campus, 60);
    expect(await readError(await exchangeCode(campus, code))).toEqual({ status: 401, code: "INVALID_TOKEN" });
  });

  it("refuses a code after 61 s", async () => {
    const campus = createTestCampus();
    const { code } = await issueCode(campus);
    await advanceClock(campus, 61);
    expect(await readError(await exchangeCode(campus, code))).toEqual({ status: 401, code: "INVALID_TOKEN" });
  });

  it("refuses a code the second time", async () => {
    const campus = createTestCampus();
    const { code } = await issueCode(campus);
    expect((await exchangeCode(campus, code)).status).toBe(200);
    expect(await readError(await exchangeCode(campus, code))).toEqual({ status: 401, code: "INVALID_TOKEN" });
  });

  it("revokes the token issued from a code when the code is replayed (policy.ts)", async () => {
    const campus = createTestCampus();
    const { code } = await issueCode(campus);
    const { access_token } = tokenSchema.parse(await (await exchangeCode(campus, code)).json());
    expect((await readUserinfo(campus, access_token)).status).toBe(200);
    await exchangeCode(campus, code);
    expect(await readError(await readUserinfo(campus, access_token))).toEqual({ status: 401, code: "INVALID_TOKEN" });
  });

  it("refuses the code of another app, and leaves it usable by its own app", async () => {
    const campus = createTestCampus();
    const { code } = await issueCode(campus);
    // The app is registered again under a new client ID; the code still belongs to the old one.
    await saveTestRegistration(campus, { clientId: "another-app-client" });
    const otherApp = basicAuth("another-app-client", TEST_REGISTRATION.clientSecret);
    expect(await readError(await exchangeCode(campus, code, otherApp))).toEqual({ status: 401, code: "INVALID_TOKEN" });
    expect(campus.context.state.codes.findCode(code)?.usedAt).toBeNull();
  });
});

describe("spec 7: 403 when the app or the consent no longer allows the exchange", () => {
  it("answers 403 APP_UNAVAILABLE while the app is unpublished", async () => {
    const campus = createTestCampus();
    const { code } = await issueCode(campus);
    // Publication is checked on its own, apart from the generation that a save also bumps.
    campus.context.state.registration.getRegistration().published = false;
    expect(await readError(await exchangeCode(campus, code))).toEqual({ status: 403, code: "APP_UNAVAILABLE" });
  });

  it("answers 403 APP_UNAVAILABLE for a code issued before a registration save (spec 5.6)", async () => {
    const campus = createTestCampus();
    const { code } = await issueCode(campus);
    await saveTestRegistration(campus, {});
    expect(await readError(await exchangeCode(campus, code))).toEqual({ status: 403, code: "APP_UNAVAILABLE" });
  });

  it("answers 403 ACCESS_REVOKED when consent was revoked after the code was issued", async () => {
    const campus = createTestCampus();
    const { code } = await issueCode(campus);
    await send(campus, "POST", "/control/consent/revoke", { json: { username: "ada" } });
    expect(await readError(await exchangeCode(campus, code))).toEqual({ status: 403, code: "ACCESS_REVOKED" });
  });

  it("answers 503 INTERNAL_SERVER_ERROR when the services are unavailable", async () => {
    const campus = createTestCampus();
    const { code } = await issueCode(campus);
    await send(campus, "POST", "/control/faults", { json: { endpoint: "token", kind: "unavailable" } });
    expect(await readError(await exchangeCode(campus, code))).toEqual({ status: 503, code: "INTERNAL_SERVER_ERROR" });
    expect((await exchangeCode(campus, code)).status).toBe(200);
  });
});

describe("spec 4.1: the exchange is logged with the member it concerned", () => {
  it("records method, path, status, code and username", async () => {
    const campus = createTestCampus();
    const { code } = await issueCode(campus, { member: "grace" });
    await exchangeCode(campus, code);
    await exchangeCode(campus, code);
    const { entries } = await readJson<{ entries: Array<Record<string, unknown>> }>(await send(campus, "GET", "/host/log"));
    expect(entries.slice(0, 2)).toMatchObject([
      { method: "POST", path: "/v1/apps/token", status: 401, code: "INVALID_TOKEN", username: "grace" },
      { method: "POST", path: "/v1/apps/token", status: 200, code: null, username: "grace" },
    ]);
  });
});
