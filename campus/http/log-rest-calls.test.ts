import { describe, expect, it, vi } from "vitest";
import type { Campus } from "../app";
import { callWithGrants, newClientId, postCommand, readCommand } from "../test-support/call-scenarios";
import { REQUEST_LOG_CAPACITY } from "../core/policy";
import { createTestCampus, exchangeCode, issueCode, readJson, send } from "../test-support/test-campus";
import { REDACTED, redactForLog } from "./redact-for-log";

type Entry = Record<string, unknown>;

async function readLog(campus: Campus): Promise<Entry[]> {
  return (await readJson<{ entries: Entry[] }>(await send(campus, "GET", "/host/log"))).entries;
}

describe("the REST log behind the flow inspector: what it shows, and that it redacts on the server", () => {
  it("names the spec part and latency of a token exchange, and never holds the code or the token", async () => {
    const campus = createTestCampus();
    const { code } = await issueCode(campus, { member: "grace" });
    const response = await exchangeCode(campus, code);
    const { access_token: token } = await readJson<{ access_token: string }>(response);
    const [entry] = await readLog(campus);
    expect(entry).toMatchObject({
      method: "POST",
      path: "/v1/apps/token",
      status: 200,
      endpoint: "token",
      section: "4.1",
      username: "grace",
      requestBody: { code: REDACTED },
      responseBody: { access_token: REDACTED, token_type: "Bearer", expires_in: 900 },
    });
    expect(entry?.latencyMs).toEqual(expect.any(Number));
    expect(entry?.startedAt).toEqual(expect.any(Number));
    const logged = JSON.stringify(await readLog(campus));
    expect(logged).not.toContain(code);
    expect(logged).not.toContain(token);
  });

  it("logs what a route answered, success or error, without copying its response", async () => {
    // A copy per call (Response.clone) was most of the campus's cost of a heartbeat under load.
    const campus = createTestCampus();
    const { code } = await issueCode(campus, { member: "grace" });
    const clone = vi.spyOn(Response.prototype, "clone");
    try {
      await exchangeCode(campus, code);
      await exchangeCode(campus, code);
      expect(clone).not.toHaveBeenCalled();
    } finally {
      clone.mockRestore();
    }
    const [refused, answered] = await readLog(campus);
    expect(answered).toMatchObject({ status: 200, responseBody: { access_token: REDACTED, token_type: "Bearer" } });
    expect(refused).toMatchObject({ status: 401, code: "INVALID_TOKEN", responseBody: { error: { code: "INVALID_TOKEN" } } });
  });

  it("keeps error codes, which are not secrets", async () => {
    const campus = createTestCampus();
    const { code } = await issueCode(campus);
    await exchangeCode(campus, code);
    await exchangeCode(campus, code);
    const [entry] = await readLog(campus);
    expect(entry).toMatchObject({ status: 401, code: "INVALID_TOKEN", responseBody: { error: { code: "INVALID_TOKEN" } } });
  });
});

describe("the REST log names the command a call concerned", () => {
  it("keeps the clientId of a command request and the commandId of its answer and of its read (spec 4.7-4.8)", async () => {
    const { ada } = await callWithGrants(["ada", "grace"]);
    const clientId = newClientId();
    const response = await postCommand(ada, "action", { clientId, action: "mute" });
    const { commandId } = await readJson<{ commandId: string }>(response);
    await readCommand(ada, commandId);
    const [read, command] = await readLog(ada.campus);
    expect(command).toMatchObject({ endpoint: "command", section: "4.7", clientId, commandId, requestBody: { clientId, action: "mute" } });
    expect(read).toMatchObject({ endpoint: "commandRead", section: "4.8", commandId });
  });

  it("redacts the one-use tile URL and the activity session key (spec 4.10, 4.13)", () => {
    expect(redactForLog({ tileId: "t", url: "http://campus.test/tiles/abc" })).toEqual({ tileId: "t", url: REDACTED });
    expect(redactForLog({ entryId: "e", sessionKey: "k".repeat(43), label: "Poll" })).toEqual({ entryId: "e", sessionKey: REDACTED, label: "Poll" });
    expect(redactForLog({ result: { code: "FORBIDDEN", message: "m" } })).toEqual({ result: { code: "FORBIDDEN", message: "m" } });
  });
});

describe("the REST log is bounded", () => {
  it(`keeps the newest ${REQUEST_LOG_CAPACITY} calls`, async () => {
    const campus = createTestCampus();
    for (let index = 0; index < REQUEST_LOG_CAPACITY + 5; index++) await send(campus, "GET", `/v1/apps/unknown-${index}`);
    const entries = await readLog(campus);
    expect(entries).toHaveLength(REQUEST_LOG_CAPACITY);
    expect(entries[0]).toMatchObject({ path: `/v1/apps/unknown-${REQUEST_LOG_CAPACITY + 4}`, endpoint: null, section: null });
  });
});
