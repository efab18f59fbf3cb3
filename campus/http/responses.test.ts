import { describe, expect, it } from "vitest";
import { errorBodySchema } from "../../lib/contract";
import { createTestCampus, issueToken, readError, readUserinfo, send } from "../test-support/test-campus";

describe("spec 4: every response carries Cache-Control: private, no-store", () => {
  it.each([
    ["GET", "/v1/apps/userinfo"],
    ["POST", "/v1/apps/token"],
    ["GET", "/v1/apps/nothing-here"],
    ["DELETE", "/v1/apps/token"],
    ["GET", "/no-such-page"],
    ["GET", "/"],
    ["GET", "/health"],
    ["GET", "/host/log"],
    ["POST", "/control/faults"],
  ])("%s %s", async (method, path) => {
    const response = await send(createTestCampus(), method, path);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("on a successful userinfo", async () => {
    const campus = createTestCampus();
    const { accessToken } = await issueToken(campus);
    const response = await readUserinfo(campus, accessToken);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });
});

describe("spec 2 Error: failures use { error: { code, message } } and nothing else", () => {
  it.each([
    ["GET", "/v1/apps/userinfo"],
    ["POST", "/v1/apps/token"],
    ["GET", "/v1/apps/unknown"],
    ["GET", "/nowhere"],
  ])("%s %s", async (method, path) => {
    const response = await send(createTestCampus(), method, path);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(errorBodySchema.safeParse(await response.json()).success).toBe(true);
  });
});

describe("policy.ts: unknown REST paths and methods are 400 BAD_USER_INPUT unsupported operation", () => {
  it.each([
    ["POST", "/v1/apps/calls/status"],
    ["GET", "/v1/apps/token"],
    ["POST", "/v1/apps/userinfo"],
    ["GET", "/v1"],
  ])("%s %s", async (method, path) => {
    const response = await send(createTestCampus(), method, path);
    const body = errorBodySchema.parse(await response.clone().json());
    expect(await readError(response)).toEqual({ status: 400, code: "BAD_USER_INPUT" });
    expect(body.error.message).toBe("unsupported operation");
  });

  it("answers 404 NOT_FOUND outside /v1", async () => {
    expect(await readError(await send(createTestCampus(), "GET", "/v2/apps/token"))).toEqual({ status: 404, code: "NOT_FOUND" });
  });

  it("logs unsupported REST operations like any answered call", async () => {
    const campus = createTestCampus();
    await send(campus, "GET", "/v1/apps/unknown");
    const { entries } = (await (await send(campus, "GET", "/host/log")).json()) as { entries: Array<Record<string, unknown>> };
    expect(entries[0]).toMatchObject({ method: "GET", path: "/v1/apps/unknown", status: 400, code: "BAD_USER_INPUT" });
  });
});
