import { describe, expect, it } from "vitest";
import { tokenSchema } from "../../lib/contract";
import { ResponseDroppedError } from "./drop-response";
import {
  createTestCampus,
  exchangeCode,
  issueCode,
  issueToken,
  readError,
  readJson,
  readUserinfo,
  send,
} from "../test-support/test-campus";

type Campus = ReturnType<typeof createTestCampus>;

const injectFault = (campus: Campus, fault: Record<string, unknown>) => send(campus, "POST", "/control/faults", { json: fault });

describe("fault injection: unavailable answers 503 INTERNAL_SERVER_ERROR for the next N calls", () => {
  it("fails exactly `count` calls of that endpoint, then answers normally", async () => {
    const campus = createTestCampus();
    const { accessToken } = await issueToken(campus);
    await injectFault(campus, { endpoint: "userinfo", kind: "unavailable", count: 2 });
    expect((await readUserinfo(campus, accessToken)).status).toBe(503);
    expect((await readUserinfo(campus, accessToken)).status).toBe(503);
    expect((await readUserinfo(campus, accessToken)).status).toBe(200);
  });

  it("leaves other endpoints alone and does not run the handler", async () => {
    const campus = createTestCampus();
    const { code } = await issueCode(campus);
    await injectFault(campus, { endpoint: "userinfo", kind: "unavailable" });
    await injectFault(campus, { endpoint: "token", kind: "unavailable" });
    expect((await exchangeCode(campus, code)).status).toBe(503);
    // The failed call did not spend the code.
    expect((await exchangeCode(campus, code)).status).toBe(200);
  });
});

describe("fault injection: rateLimited answers 429 RATE_LIMITED with Retry-After", () => {
  it("sets Retry-After to the configured seconds", async () => {
    const campus = createTestCampus();
    await injectFault(campus, { endpoint: "userinfo", kind: "rateLimited", retryAfterSeconds: 7 });
    const response = await readUserinfo(campus, "any");
    expect(await readError(response)).toEqual({ status: 429, code: "RATE_LIMITED" });
    expect(response.headers.get("Retry-After")).toBe("7");
  });

  it("defaults Retry-After to 1 s", async () => {
    const campus = createTestCampus();
    await injectFault(campus, { endpoint: "token", kind: "rateLimited" });
    expect((await send(campus, "POST", "/v1/apps/token")).headers.get("Retry-After")).toBe("1");
  });
});

describe("fault injection: delay handles the call normally after D ms", () => {
  it("answers normally, no sooner than the delay", async () => {
    const campus = createTestCampus();
    const { accessToken } = await issueToken(campus);
    await injectFault(campus, { endpoint: "userinfo", kind: "delay", delayMs: 60 });
    const started = performance.now();
    const response = await readUserinfo(campus, accessToken);
    expect(performance.now() - started).toBeGreaterThanOrEqual(55);
    expect(response.status).toBe(200);
  });
});

describe("fault injection: drop handles the call but never answers", () => {
  it("rejects in process with ResponseDroppedError, and the code is spent", async () => {
    const campus = createTestCampus();
    const { code } = await issueCode(campus);
    await injectFault(campus, { endpoint: "token", kind: "drop" });
    await expect(exchangeCode(campus, code)).rejects.toBeInstanceOf(ResponseDroppedError);
    expect(await readError(await exchangeCode(campus, code))).toEqual({ status: 401, code: "INVALID_TOKEN" });
  });

  it("still issued the token, which the replay of its code then revokes", async () => {
    const campus = createTestCampus();
    const { code } = await issueCode(campus);
    await injectFault(campus, { endpoint: "token", kind: "drop" });
    await exchangeCode(campus, code).catch(() => undefined);
    const dropped = campus.context.state.codes.findCode(code)?.accessToken;
    expect(dropped).toEqual(expect.any(String));
    await exchangeCode(campus, code);
    expect((await readUserinfo(campus, dropped ?? undefined)).status).toBe(401);
  });

  it("logs the dropped call with its fault", async () => {
    const campus = createTestCampus();
    const { accessToken } = await issueToken(campus);
    await injectFault(campus, { endpoint: "userinfo", kind: "drop" });
    await readUserinfo(campus, accessToken).catch(() => undefined);
    const { entries } = await readJson<{ entries: Array<Record<string, unknown>> }>(await send(campus, "GET", "/host/log"));
    expect(entries[0]).toMatchObject({ path: "/v1/apps/userinfo", status: 200, fault: "drop", username: "ada" });
  });
});

describe("fault rules are listed, validated and cleared through the control API", () => {
  it("refuses an unknown endpoint or kind, naming the field", async () => {
    const campus = createTestCampus();
    const response = await injectFault(campus, { endpoint: "nope", kind: "drop" });
    expect(response.status).toBe(400);
    expect((await readJson<{ error: { message: string } }>(response)).error.message).toContain("endpoint");
  });

  it("clears every rule with DELETE", async () => {
    const campus = createTestCampus();
    const { code } = await issueCode(campus);
    await injectFault(campus, { endpoint: "token", kind: "unavailable", count: 5 });
    await send(campus, "DELETE", "/control/faults", { json: {} });
    const token = await exchangeCode(campus, code);
    expect(tokenSchema.safeParse(await token.json()).success).toBe(true);
  });
});
