import { describe, expect, it } from "vitest";
import { tokenSchema } from "../../lib/contract";
import { parseBasicCredentials } from "./client-credentials";
import {
  basicAuth,
  createTestCampus,
  exchangeCode,
  issueCode,
  readError,
  saveTestRegistration,
  send,
  TEST_REGISTRATION,
} from "../test-support/test-campus";

const base64 = (text: string) => Buffer.from(text, "utf8").toString("base64");

describe("spec 5.1: client credentials that cannot be verified are 401 INVALID_CLIENT", () => {
  it.each([
    ["a missing header", undefined],
    ["a Bearer header", "Bearer abc"],
    ["a wrong secret", basicAuth(TEST_REGISTRATION.clientId, "wrong-secret")],
    ["an unknown client ID", basicAuth("unknown-client", TEST_REGISTRATION.clientSecret)],
    ["malformed base64", "Basic not*base64!"],
    ["base64 without a colon", `Basic ${base64("no-colon-here")}`],
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

describe("spec 5.1: the Basic value is base64 of clientId:clientSecret, literally", () => {
  const secret = "s3cr:t +/=%2B%zz&?é";

  it("accepts a secret holding + / = : % exactly as issued, nothing form-urlencoded", async () => {
    const campus = createTestCampus();
    await saveTestRegistration(campus, { clientSecret: secret });
    const { code } = await issueCode(campus);
    const literal = `Basic ${base64(`${TEST_REGISTRATION.clientId}:${secret}`)}`;
    const response = await exchangeCode(campus, code, literal);
    expect(response.status).toBe(200);
    tokenSchema.parse(await response.json());
  });

  it("splits at the first colon: the secret keeps its own colons, + and %-escapes", () => {
    expect(parseBasicCredentials(`Basic ${base64("app-id:x:y+z%3A")}`)).toEqual({ clientId: "app-id", clientSecret: "x:y+z%3A" });
  });

  it("refuses the form-urlencoded secret, which is not the issued one", async () => {
    const campus = createTestCampus();
    await saveTestRegistration(campus, { clientSecret: "a+b/c=" });
    const { code } = await issueCode(campus);
    const encoded = `Basic ${base64(`${TEST_REGISTRATION.clientId}:a%2Bb%2Fc%3D`)}`;
    expect(await readError(await exchangeCode(campus, code, encoded))).toEqual({ status: 401, code: "INVALID_CLIENT" });
  });

  it("refuses a registration whose client ID holds a colon", async () => {
    const campus = createTestCampus();
    expect(await readError(await saveTestRegistration(campus, { clientId: "app:one" }))).toEqual({ status: 400, code: "BAD_USER_INPUT" });
  });
});
