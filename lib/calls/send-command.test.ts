import { beforeEach, describe, expect, it, vi } from "vitest";
import { clientIdSchema } from "@/lib/contract";
import { GRANT_ID, aCallSession, callDeps, callRequests, campusError } from "@/lib/testing/call-fixtures";
import { newClientId } from "./client-id";
import { COMMAND_RETRY, sendCommand } from "./send-command";
import { NO_GRANT } from "./with-call";

const ACTION_PATH = `POST /v1/apps/calls/grants/${GRANT_ID}/commands/action`;
const accepted = () => Response.json({ commandId: "cmd_1" });

/** A campus whose action endpoint answers with `answers` in turn (the last one repeats). */
function campusAnsweringActions(...answers: Array<() => Response | Promise<Response>>) {
  let call = 0;
  return callDeps({ routes: { [ACTION_PATH]: () => (answers[Math.min(call++, answers.length - 1)] ?? accepted)() } });
}

const commandBodies = async (requests: Request[]) =>
  Promise.all(requests.filter((request) => request.method === "POST" && request.url.includes("/commands/")).map((request) => request.clone().json()));

beforeEach(() => void vi.spyOn(console, "warn").mockImplementation(() => undefined));

describe("spec 4 and part 8: clientId", () => {
  it("is 32 base64url characters, valid for the contract, new every time", () => {
    const ids = new Set(Array.from({ length: 100 }, newClientId));
    expect(ids.size).toBe(100);
    for (const id of ids) {
      expect(id).toMatch(/^[a-zA-Z0-9_-]{32}$/);
      expect(clientIdSchema.safeParse(id).success).toBe(true);
    }
  });

  it("each user action gets its own", async () => {
    const { deps, campus } = callDeps({ routes: { [ACTION_PATH]: accepted } });
    deps.newClientId = newClientId;
    const { credentials } = await aCallSession(deps, { grantId: GRANT_ID });
    await sendCommand(credentials, { kind: "action", action: "mute" }, deps);
    await sendCommand(credentials, { kind: "action", action: "mute" }, deps);
    const [first, second] = await commandBodies(campus.requests);
    expect(first.clientId).not.toBe(second.clientId);
  });
});

describe("spec 4.2: userinfo before a protected action", () => {
  it("asks userinfo first, then sends the command", async () => {
    const { deps, campus } = callDeps({ routes: { [ACTION_PATH]: accepted } });
    const { credentials } = await aCallSession(deps, { grantId: GRANT_ID });
    await sendCommand(credentials, { kind: "action", action: "cameraOff" }, deps);
    expect(campus.requests.map((request) => new URL(request.url).pathname)).toEqual([
      "/v1/apps/userinfo",
      `/v1/apps/calls/grants/${GRANT_ID}/commands/action`,
      "/v1/apps/calls/commands/cmd_1",
    ]);
  });

  it("stops when userinfo ends access, and clears the session's call state", async () => {
    const { deps, campus } = callDeps({ routes: { "GET /v1/apps/userinfo": () => campusError("ACCESS_REVOKED", 403) } });
    const { credentials, sid } = await aCallSession(deps, { grantId: GRANT_ID });
    await expect(sendCommand(credentials, { kind: "action", action: "mute" }, deps)).rejects.toMatchObject({ code: "ACCESS_REVOKED" });
    expect(callRequests(campus.requests)).toEqual([]);
    expect(await deps.callState.getGrant(sid)).toBeUndefined();
  });
});

describe("spec 4.7-4.8: the status is read as soon as the campus takes the command", () => {
  it("a command that applied at once answers applied, with no poll needed", async () => {
    const { deps } = callDeps({
      routes: { [ACTION_PATH]: accepted, "GET /v1/apps/calls/commands/cmd_1": () => Response.json({ commandId: "cmd_1", status: "applied" }) },
    });
    const { credentials, sid } = await aCallSession(deps, { grantId: GRANT_ID });
    await expect(sendCommand(credentials, { kind: "action", action: "mute" }, deps)).resolves.toMatchObject({ status: "applied" });
    expect(await deps.callState.listCommands(sid)).toEqual([expect.objectContaining({ status: "applied" })]);
  });

  it("a failed read is not the command's failure: it stays pending for the page's poll", async () => {
    const { deps } = callDeps({
      routes: { [ACTION_PATH]: accepted, "GET /v1/apps/calls/commands/cmd_1": () => campusError("INTERNAL_SERVER_ERROR", 503) },
    });
    const { credentials, sid } = await aCallSession(deps, { grantId: GRANT_ID });
    await expect(sendCommand(credentials, { kind: "action", action: "mute" }, deps)).resolves.toMatchObject({ status: "pending" });
    expect(await deps.callState.listCommands(sid)).toEqual([expect.objectContaining({ status: "pending", commandId: "cmd_1" })]);
  });
});

describe("spec 4: grant and command IDs come from the session", () => {
  it("sends to the session's grant", async () => {
    const { deps, campus } = callDeps({ routes: { "POST /v1/apps/calls/grants/grt_mine/commands/playback": accepted } });
    const { credentials } = await aCallSession(deps, { grantId: "grt_mine" });
    await sendCommand(credentials, { kind: "playback", muted: true }, deps);
    expect(callRequests(campus.requests)).toEqual(["POST /v1/apps/calls/grants/grt_mine/commands/playback", "GET /v1/apps/calls/commands/cmd_1"]);
  });

  it("without a grant, answers CALL_CONFLICT and asks the campus nothing", async () => {
    const { deps, campus } = callDeps();
    const { credentials } = await aCallSession(deps);
    await expect(sendCommand(credentials, { kind: "invite" }, deps)).rejects.toMatchObject({ code: "CALL_CONFLICT", status: 409, message: NO_GRANT });
    expect(campus.requests).toHaveLength(0);
  });

  it("start and accept need no grant", async () => {
    const { deps, campus } = callDeps({ routes: { "POST /v1/apps/calls/start": accepted, "POST /v1/apps/calls/accept": accepted } });
    const { credentials } = await aCallSession(deps);
    await sendCommand(credentials, { kind: "start", recipientId: "usr_grace", role: "audience" }, deps);
    await sendCommand(credentials, { kind: "accept" }, deps);
    expect(callRequests(campus.requests)).toEqual([
      "POST /v1/apps/calls/start",
      "GET /v1/apps/calls/commands/cmd_1",
      "POST /v1/apps/calls/accept",
      "GET /v1/apps/calls/commands/cmd_1",
    ]);
    const [start, accept] = await Promise.all(campus.requests.filter((r) => r.method === "POST").map((r) => r.clone().json()));
    expect(start).toEqual({ clientId: expect.any(String), recipientId: "usr_grace", role: "audience" });
    expect(accept).toEqual({ clientId: expect.any(String) });
  });

  it("records the command under a session-local ref; the page never sees the clientId or commandId", async () => {
    const { deps } = callDeps({ routes: { [ACTION_PATH]: accepted } });
    const { credentials, sid } = await aCallSession(deps, { grantId: GRANT_ID });
    const view = await sendCommand(credentials, { kind: "action", action: "stage/approve", targetId: "par_grace" }, deps);
    expect(view).toEqual({ ref: "ref1", kind: "action", action: "stage/approve", targetId: "par_grace", status: "pending", createdAt: expect.any(String) });
    expect(JSON.stringify(view)).not.toMatch(/cmd_1|client-id/);
    expect(await deps.callState.listCommands(sid)).toEqual([
      expect.objectContaining({ ref: "ref1", commandId: "cmd_1", clientId: expect.any(String), payload: { action: "stage/approve", targetId: "par_grace" } }),
    ]);
  });

  it("needs calls:control, checked before the campus is asked", async () => {
    const { deps, campus } = callDeps();
    const { credentials } = await aCallSession(deps, { scopes: ["calls:read"], grantId: GRANT_ID });
    await expect(sendCommand(credentials, { kind: "action", action: "mute" }, deps)).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(campus.requests).toHaveLength(0);
  });
});

describe("spec 4.7: a failure in transit or a 503 is retried with the same clientId and payload", () => {
  it.each([
    ["a network error", () => Promise.reject(new TypeError("fetch failed"))],
    ["a dropped response", () => Promise.reject(new TypeError("socket hang up"))],
    ["a 503", () => campusError("INTERNAL_SERVER_ERROR", 503)],
    ["a body that is not JSON (a proxy's 502)", () => new Response("<html>Bad gateway</html>", { status: 502 })],
  ])("after %s", async (_name, failure) => {
    const { deps, campus } = campusAnsweringActions(failure, failure, accepted);
    const { credentials, sid } = await aCallSession(deps, { grantId: GRANT_ID });
    const view = await sendCommand(credentials, { kind: "action", action: "stage/request" }, deps);
    const bodies = await commandBodies(campus.requests);
    expect(bodies).toHaveLength(3);
    expect(new Set(bodies.map((body) => JSON.stringify(body))).size).toBe(1);
    expect(bodies[0]).toEqual({ clientId: expect.any(String), action: "stage/request" });
    expect(view.status).toBe("pending");
    expect(await deps.callState.listCommands(sid)).toHaveLength(1);
  });

  it("after a timeout", async () => {
    const { deps, campus } = campusAnsweringActions(() => Promise.reject(new DOMException("timed out", "TimeoutError")), accepted);
    const { credentials } = await aCallSession(deps, { grantId: GRANT_ID });
    await sendCommand(credentials, { kind: "action", action: "mute" }, deps);
    expect(await commandBodies(campus.requests)).toHaveLength(2);
  });

  it("stops after four attempts and answers 503", async () => {
    const { deps, campus, sleeps } = campusAnsweringActions(() => campusError("INTERNAL_SERVER_ERROR", 503));
    const { credentials, sid } = await aCallSession(deps, { grantId: GRANT_ID });
    await expect(sendCommand(credentials, { kind: "action", action: "mute" }, deps)).rejects.toMatchObject({ status: 503 });
    expect(await commandBodies(campus.requests)).toHaveLength(COMMAND_RETRY.maxAttempts);
    expect(sleeps).toHaveLength(COMMAND_RETRY.maxAttempts - 1);
    expect(await deps.callState.listCommands(sid)).toEqual([]);
  });

  it("waits a capped, growing, jittered delay that fits the budget", async () => {
    const { deps, sleeps } = campusAnsweringActions(() => campusError("INTERNAL_SERVER_ERROR", 503));
    const { credentials } = await aCallSession(deps, { grantId: GRANT_ID });
    await sendCommand(credentials, { kind: "action", action: "mute" }, deps).catch(() => undefined);
    expect(sleeps).toEqual([188, 375, 750]);
    for (const delay of sleeps) expect(delay).toBeLessThanOrEqual(COMMAND_RETRY.maxDelayMs);
    expect(sleeps.reduce((sum, delay) => sum + delay, 0)).toBeLessThan(COMMAND_RETRY.budgetMs);
  });

  it("gives up when the next wait would pass the budget", async () => {
    let time = 0;
    const { deps, campus } = callDeps({
      now: () => time,
      routes: {
        [ACTION_PATH]: () => {
          time += 6_000;
          return campusError("INTERNAL_SERVER_ERROR", 503);
        },
      },
    });
    const { credentials } = await aCallSession(deps, { grantId: GRANT_ID });
    await expect(sendCommand(credentials, { kind: "action", action: "mute" }, deps)).rejects.toMatchObject({ status: 503 });
    expect(await commandBodies(campus.requests)).toHaveLength(2);
  });
});

describe("exactly once across clicks: a command whose every retry failed in transit keeps its clientId", () => {
  const lost = () => Promise.reject(new TypeError("socket hang up"));

  it("the member's next click on the same command sends the same clientId", async () => {
    const { deps, campus } = campusAnsweringActions(lost, lost, lost, lost, accepted);
    deps.newClientId = newClientId;
    const { credentials, sid } = await aCallSession(deps, { grantId: GRANT_ID });
    await expect(sendCommand(credentials, { kind: "action", action: "mute" }, deps)).rejects.toMatchObject({ status: 503 });
    await sendCommand(credentials, { kind: "action", action: "mute" }, deps);
    const bodies = await commandBodies(campus.requests);
    expect(bodies).toHaveLength(COMMAND_RETRY.maxAttempts + 1);
    expect(new Set(bodies.map((body) => body.clientId)).size).toBe(1);
    expect(await deps.callState.listCommands(sid)).toHaveLength(1);
  });

  it("once the campus answered, the next click is a new command with a new clientId", async () => {
    const { deps, campus } = campusAnsweringActions(lost, lost, lost, lost, accepted);
    deps.newClientId = newClientId;
    const { credentials } = await aCallSession(deps, { grantId: GRANT_ID });
    await sendCommand(credentials, { kind: "action", action: "mute" }, deps).catch(() => undefined);
    await sendCommand(credentials, { kind: "action", action: "mute" }, deps);
    await sendCommand(credentials, { kind: "action", action: "mute" }, deps);
    const ids = (await commandBodies(campus.requests)).map((body) => body.clientId);
    expect(ids.at(-1)).not.toBe(ids.at(-2));
  });

  it("another command never takes the unsettled clientId", async () => {
    const { deps, campus } = campusAnsweringActions(lost, lost, lost, lost, accepted);
    deps.newClientId = newClientId;
    const { credentials } = await aCallSession(deps, { grantId: GRANT_ID });
    await sendCommand(credentials, { kind: "action", action: "mute" }, deps).catch(() => undefined);
    await sendCommand(credentials, { kind: "action", action: "unmute" }, deps);
    const [first, ...rest] = await commandBodies(campus.requests);
    expect(rest.at(-1)).toMatchObject({ action: "unmute" });
    expect(rest.at(-1).clientId).not.toBe(first.clientId);
  });

  it("a command in between ends the hold: mute lost, unmute applied, mute again is a new command", async () => {
    // The campus applied the lost mute; reusing its clientId would answer that old command and leave the microphone on.
    const { deps, campus } = campusAnsweringActions(lost, lost, lost, lost, accepted);
    deps.newClientId = newClientId;
    const { credentials } = await aCallSession(deps, { grantId: GRANT_ID });
    await expect(sendCommand(credentials, { kind: "action", action: "mute" }, deps)).rejects.toMatchObject({ status: 503 });
    await sendCommand(credentials, { kind: "action", action: "unmute" }, deps);
    await sendCommand(credentials, { kind: "action", action: "mute" }, deps);
    const bodies = await commandBodies(campus.requests);
    expect(bodies.map((body) => body.action)).toEqual([...Array<string>(COMMAND_RETRY.maxAttempts).fill("mute"), "unmute", "mute"]);
    expect(new Set(bodies.map((body) => body.clientId)).size).toBe(3);
  });

  it("a command in between that was lost too ends the hold as well", async () => {
    const { deps, campus } = campusAnsweringActions(lost);
    deps.newClientId = newClientId;
    const { credentials } = await aCallSession(deps, { grantId: GRANT_ID });
    for (const action of ["mute", "unmute", "mute"] as const) {
      await expect(sendCommand(credentials, { kind: "action", action }, deps)).rejects.toMatchObject({ status: 503 });
    }
    const ids = (await commandBodies(campus.requests)).map((body) => body.clientId);
    const [mute, unmute, muteAgain] = [ids[0], ids[COMMAND_RETRY.maxAttempts], ids.at(-1)];
    expect(new Set([mute, unmute, muteAgain]).size).toBe(3);
  });

  it("a refusal settles it: the campus answered, so the next click is a new command", async () => {
    const { deps, campus } = campusAnsweringActions(() => campusError("CALL_CONFLICT", 409), accepted);
    deps.newClientId = newClientId;
    const { credentials } = await aCallSession(deps, { grantId: GRANT_ID });
    await sendCommand(credentials, { kind: "action", action: "mute" }, deps).catch(() => undefined);
    await sendCommand(credentials, { kind: "action", action: "mute" }, deps);
    const [first, second] = await commandBodies(campus.requests);
    expect(second.clientId).not.toBe(first.clientId);
  });
});

describe("spec part 7: what is never retried", () => {
  it("429: one attempt, RATE_LIMITED with Retry-After, no new clientId", async () => {
    const { deps, campus, sleeps } = campusAnsweringActions(() => campusError("RATE_LIMITED", 429, "Slow down", { "Retry-After": "7" }));
    const { credentials, sid } = await aCallSession(deps, { grantId: GRANT_ID });
    await expect(sendCommand(credentials, { kind: "action", action: "mute" }, deps)).rejects.toMatchObject({
      code: "RATE_LIMITED",
      status: 429,
      retryAfterSeconds: 7,
    });
    expect(await commandBodies(campus.requests)).toHaveLength(1);
    expect(sleeps).toEqual([]);
    expect(await deps.callState.listCommands(sid)).toEqual([]);
  });

  it.each([
    ["INVALID_TOKEN", 401],
    ["FORBIDDEN", 403],
    ["BAD_USER_INPUT", 400],
    ["CALL_CONFLICT", 409],
  ])("%s (%i): one attempt, the campus's message", async (code, status) => {
    const { deps, campus } = campusAnsweringActions(() => campusError(code, status, `no: ${code}`));
    const { credentials, sid } = await aCallSession(deps, { grantId: GRANT_ID });
    await expect(sendCommand(credentials, { kind: "action", action: "stage/approve", targetId: "p" }, deps)).rejects.toMatchObject({
      code,
      status,
      message: `no: ${code}`,
    });
    expect(await commandBodies(campus.requests)).toHaveLength(1);
    // Only access loss clears bindings; a 401 keeps the grant for a fresh login in the same launch.
    expect(await deps.callState.getGrant(sid)).toBeDefined();
  });

  it.each([["ACCESS_REVOKED"], ["APP_UNAVAILABLE"]])("%s: one attempt, and the session's grant and commands are cleared", async (code) => {
    let call = 0;
    const { deps } = callDeps({ routes: { [ACTION_PATH]: () => (call++ === 0 ? accepted() : campusError(code, 403)) } });
    const { credentials, sid } = await aCallSession(deps, { grantId: GRANT_ID });
    await sendCommand(credentials, { kind: "action", action: "mute" }, deps);
    await expect(sendCommand(credentials, { kind: "action", action: "unmute" }, deps)).rejects.toMatchObject({ code });
    expect(await deps.callState.getGrant(sid)).toBeUndefined();
    expect(await deps.callState.listCommands(sid)).toEqual([]);
  });
});
