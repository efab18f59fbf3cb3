import { afterEach, describe, expect, it, vi } from "vitest";
import { BODY_LIMIT_BYTES, BODY_READ_TIMEOUT_MS } from "../core/policy";
import { createTestCampus, readError, requestCampus, send, TEST_CLIENT_AUTH, wireInit } from "../test-support/test-campus";

const encoder = new TextEncoder();

/** A chunked body: a stream of `count` chunks of `size` bytes, then (unless `stall`) its end. */
function streamOf(size: number, count: number, stall = false): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent === count) {
        if (!stall) controller.close();
        return stall ? new Promise<void>(() => undefined) : undefined;
      }
      sent += 1;
      controller.enqueue(encoder.encode("a".repeat(size)));
      return undefined;
    },
  });
}

function postStream(campus: ReturnType<typeof createTestCampus>, path: string, body: ReadableStream<Uint8Array>, headers: Record<string, string> = {}) {
  const init = wireInit({ method: "POST", headers: { "Content-Type": "application/json", Authorization: TEST_CLIENT_AUTH, ...headers }, body });
  return requestCampus(campus, path, init);
}

afterEach(() => {
  vi.useRealTimers();
});

describe("policy.ts: the same 16 KiB body limit as the app, on every campus route", () => {
  it("refuses a declared Content-Length over the limit at once, without reading the body (413, closes)", async () => {
    const campus = createTestCampus();
    // The stream never ends: only a refusal before reading can answer.
    const response = await postStream(campus, "/v1/apps/token", streamOf(10, 1, true), { "Content-Length": String(BODY_LIMIT_BYTES + 1) });
    expect(await readError(response)).toEqual({ status: 413, code: "BAD_USER_INPUT" });
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("Connection")).toBe("close");
  });

  it("counts a chunked body and refuses it once it passes the limit (413)", async () => {
    const campus = createTestCampus();
    const response = await postStream(campus, "/v1/apps/token", streamOf(1024, 17));
    expect(await readError(response)).toEqual({ status: 413, code: "BAD_USER_INPUT" });
  });

  it.each([
    ["the REST API", "/v1/apps/token"],
    ["the control API", "/control/members"],
    ["the host endpoints", "/host/launches"],
  ])("applies on %s", async (_case, path) => {
    const campus = createTestCampus();
    const response = await send(campus, "POST", path, { json: { pad: "a".repeat(BODY_LIMIT_BYTES) } });
    expect(response.status).toBe(413);
  });

  it("reads a body within the limit as before", async () => {
    const campus = createTestCampus();
    const response = await send(campus, "POST", "/v1/apps/token", { json: { code: "x" }, headers: { Authorization: TEST_CLIENT_AUTH } });
    // Past the limit and the read: the code is unknown.
    expect(await readError(response)).toEqual({ status: 401, code: "INVALID_TOKEN" });
  });

  it("answers a body that stops arriving with 408 after the read timeout, and closes", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const campus = createTestCampus();
    const pending = postStream(campus, "/v1/apps/token", streamOf(10, 1, true));
    await vi.advanceTimersByTimeAsync(BODY_READ_TIMEOUT_MS);
    const response = await pending;
    expect(await readError(response)).toEqual({ status: 408, code: "BAD_USER_INPUT" });
    expect(response.headers.get("Connection")).toBe("close");
  });
});

describe("policy.ts: JSON only where a body is expected", () => {
  it("answers a text/plain token exchange 400 BAD_USER_INPUT (part 7: an invalid body)", async () => {
    const campus = createTestCampus();
    const response = await send(campus, "POST", "/v1/apps/token", { body: '{"code":"x"}', headers: { "Content-Type": "text/plain", Authorization: TEST_CLIENT_AUTH } });
    expect(await readError(response)).toEqual({ status: 400, code: "BAD_USER_INPUT" });
  });

  it("answers a text/plain host request 415 BAD_REQUEST", async () => {
    const campus = createTestCampus();
    const response = await send(campus, "POST", "/host/launches", { body: '{"tabId":"tab-ada-1"}', headers: { "Content-Type": "text/plain" } });
    expect(await readError(response)).toEqual({ status: 415, code: "BAD_REQUEST" });
  });
});

describe("policy.ts: unknown routes and methods answer in the Error shape, private and no-store", () => {
  it.each([
    ["GET", "/v1/apps/token", 400, "BAD_USER_INPUT"],
    ["PATCH", "/v1/apps/userinfo", 400, "BAD_USER_INPUT"],
    ["GET", "/control/nothing", 404, "NOT_FOUND"],
    ["PUT", "/host/launches", 404, "NOT_FOUND"],
  ])("%s %s", async (method, path, status, code) => {
    // A JSON body passes the rules every state change meets first (http/guard-browser-writes.ts).
    const response = await send(createTestCampus(), method, path, method === "PUT" ? { json: {} } : {});
    expect(await readError(response)).toEqual({ status, code });
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });
});
