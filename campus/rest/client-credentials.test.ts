import { describe, expect, it } from "vitest";
import { tokenSchema } from "../../lib/contract";
import { parseBasicCredentials } from "../login/client-credentials";
import {
  basicAuth,
  createTestCampus,
  exchangeCode,
  issueCode,
  readError,
  saveTestRegistration,
  send,
  TEST_REGISTRATION,
} from "../test-helpers";

const base64 = (text: string) => Buffer.from(text, "utf8").toString("base64");

describe("spec 5.1: client credentials that cannot be verified are 401 INVALID_CLIENT", () => {
  it.each([
    ["a missing header", undefined],
    ["a Bearer header", "Bearer abc"],
    ["a wrong secret", basicAuth(TEST_REGISTRATION.clientId, "wrong-secret")],
    ["an unknown client ID", basicAuth("unknown-client", TEST_REGISTRATION.clientSecret)],
    ["malformed base64", "Basic not*base64!"],
    ["base64 without a colon", `Basic ${base64("no-colon-here")}`],
    ["a bad percent-escape", `Basic ${base64(`${TEST_REGISTRATION.clientId}:%zz`)}`],
  ])("refuses %s", async (_case, authorization) => {
    const campus = createTestCampus();
    const { code } = await issueCode(campus);
    const headers: Record<string, string> = authorization === undefined ? {} : { Authorization: authorization };
    const response = await send(campus, "POST", "/v1/apps/token", { json: { code }, headers });
    expect(await readError(response)).toEqual({ status: 401, code: "INVALID_CLIENT" });
    expect(response.headers.get("WWW-Authenticate")).toMatch(/^Basic /);
  });

  it("checks the client before the body, so bad credentials with a bad body are still 401", async () => {
    const campus = createTestCampus();
    const response = await send(campus, "POST", "/v1/apps/token", { json: { nope: 1 } });
    expect(await readError(response)).toEqual({ status: 401, code: "INVALID_CLIENT" });
  });

  it("does not spend the code when the client is refused", async () => {
    const campus = createTestCampus();
    const { code } = await issueCode(campus);
    await exchangeCode(campus, code, basicAuth(TEST_REGISTRATION.clientId, "wrong"));
    expect((await exchangeCode(campus, code)).status).toBe(200);
  });
});

describe("RFC 6749 2.3.1: id and secret are form-urlencoded before base64", () => {
  const secret = "s3cr:t +/=%&?é ü";

  it("decodes encoded special characters, including + as a space", async () => {
    const campus = createTestCampus();
    await saveTestRegistration(campus, { clientId: "app:with space", clientSecret: secret });
    const { code } = await issueCode(campus);
    const response = await exchangeCode(campus, code, basicAuth("app:with space", secret));
    expect(response.status).toBe(200);
    tokenSchema.parse(await response.json());
  });

  it("reads + as a space and %2B as a plus", () => {
    const header = `Basic ${base64("a+b%2Bc:x%3Ay+z")}`;
    expect(parseBasicCredentials(header)).toEqual({ clientId: "a b+c", clientSecret: "x:y z" });
  });

  it("refuses the raw, unencoded secret when it contains characters that encoding changes", async () => {
    const campus = createTestCampus();
    await saveTestRegistration(campus, { clientSecret: "a+b" });
    const { code } = await issueCode(campus);
    const raw = `Basic ${base64(`${TEST_REGISTRATION.clientId}:a+b`)}`;
    expect(await readError(await exchangeCode(campus, code, raw))).toEqual({ status: 401, code: "INVALID_CLIENT" });
  });
});
