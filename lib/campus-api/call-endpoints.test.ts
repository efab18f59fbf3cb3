import { beforeEach, describe, expect, it, vi } from "vitest";
import { ERROR_STATUS, type ErrorCode } from "@/lib/contract";
import { aCommand, anActiveGrant, aParticipant, campusError } from "@/lib/testing/call-fixtures";
import { aCampusApi, fakeCampusFetch, hangingCampusFetch, settlesAt } from "@/lib/testing/fixtures";
import { COMMAND_ATTEMPT_TIMEOUT_MS } from "./call-endpoints";
import { createCampusApi } from "./client";
import { CAMPUS_UNAVAILABLE } from "./request";

const unavailable = expect.objectContaining({ code: "INTERNAL_SERVER_ERROR", status: 503, message: CAMPUS_UNAVAILABLE });
const CLIENT_ID = "a".repeat(32);

/** A campus whose every call endpoint answers `body`, recording requests. */
function campusAnswering(body: unknown, init: ResponseInit = {}) {
  const answer = () => Response.json(body, init);
  const campus = fakeCampusFetch({
    "GET /v1/apps/calls/status": answer,
    "POST /v1/apps/calls/attach": answer,
    "POST /v1/apps/calls/start": answer,
    "POST /v1/apps/calls/accept": answer,
    "GET /v1/apps/calls/grants/grt_1": answer,
    "POST /v1/apps/calls/grants/grt_1/commands/action": answer,
    "GET /v1/apps/calls/commands/cmd_1": answer,
  });
  return { api: aCampusApi(campus.fetch), requests: campus.requests };
}

beforeEach(() => void vi.spyOn(console, "warn").mockImplementation(() => undefined));

describe("spec 4.3: the status check", () => {
  it("sends the bearer token and no selectors", async () => {
    const { api, requests } = campusAnswering({ inCall: false, canAttach: false, access: "unavailable" });
    await expect(api.getCallStatus("tok")).resolves.toEqual({ inCall: false, canAttach: false, access: "unavailable" });
    expect(requests[0]?.headers.get("authorization")).toBe("Bearer tok");
    expect(new URL(requests[0]?.url ?? "").search).toBe("");
  });

  it.each([
    { inCall: true, canAttach: false, access: "approved" },
    { inCall: false, canAttach: false, access: "approved" },
    { inCall: true, canAttach: true, access: "approved", callId: "c1" },
  ])("rejects a combination off the three valid ones, or an extra field, as 503: %o", async (status) => {
    await expect(campusAnswering(status).api.getCallStatus("tok")).rejects.toEqual(unavailable);
  });
});

describe("spec 4.4: attach", () => {
  it("posts no body at all", async () => {
    const { api, requests } = campusAnswering({ grantId: "grt_1", status: "approval" });
    await expect(api.attachToCall("tok")).resolves.toEqual({ grantId: "grt_1", status: "approval" });
    expect(requests[0]?.method).toBe("POST");
    expect(await requests[0]?.text()).toBe("");
  });

  it("rejects a status other than approval or active as 503", async () => {
    await expect(campusAnswering({ grantId: "grt_1", status: "denied" }).api.attachToCall("tok")).rejects.toEqual(unavailable);
  });
});

describe("spec 4.5-4.7: commands", () => {
  it("start posts the CallOperation and returns the commandId", async () => {
    const { api, requests } = campusAnswering({ commandId: "cmd_1" });
    await expect(api.startCall("tok", { clientId: CLIENT_ID, recipientId: "usr_grace", role: "speaker" })).resolves.toEqual({ commandId: "cmd_1" });
    expect(await requests[0]?.json()).toEqual({ clientId: CLIENT_ID, recipientId: "usr_grace", role: "speaker" });
  });

  it("accept posts `{ clientId }`", async () => {
    const { api, requests } = campusAnswering({ commandId: "cmd_1" });
    await api.acceptCall("tok", { clientId: CLIENT_ID });
    expect(await requests[0]?.json()).toEqual({ clientId: CLIENT_ID });
  });

  it("a grant command goes to /grants/{id}/commands/{kind}", async () => {
    const { api, requests } = campusAnswering({ commandId: "cmd_1" });
    await api.sendGrantCommand("tok", "grt_1", "action", { clientId: CLIENT_ID, action: "stage/approve", targetId: "par_grace" });
    expect(requests[0]?.url).toBe("http://campus.test/v1/apps/calls/grants/grt_1/commands/action");
    expect(await requests[0]?.json()).toEqual({ clientId: CLIENT_ID, action: "stage/approve", targetId: "par_grace" });
  });

  it("never sends a body off the contract: an unknown field stops it before the campus", async () => {
    const { api, requests } = campusAnswering({ commandId: "cmd_1" });
    const body = JSON.parse(JSON.stringify({ clientId: CLIENT_ID, action: "mute", grantId: "grt_1" }));
    await expect(api.sendGrantCommand("tok", "grt_1", "action", body)).rejects.toMatchObject({ code: "BAD_USER_INPUT" });
    expect(requests).toHaveLength(0);
  });

  it("rejects an answer beyond `{ commandId }` as 503", async () => {
    await expect(campusAnswering({ commandId: "cmd_1", status: "pending" }).api.acceptCall("tok", { clientId: CLIENT_ID })).rejects.toEqual(unavailable);
  });

  it("one attempt waits COMMAND_ATTEMPT_TIMEOUT_MS at most, so the caller can retry in time", async () => {
    const api = createCampusApi({ baseUrl: "http://campus.test", clientId: "c", clientSecret: "s", fetch: hangingCampusFetch, timeoutMs: 60_000 });
    expect(await settlesAt(COMMAND_ATTEMPT_TIMEOUT_MS, () => api.acceptCall("tok", { clientId: CLIENT_ID }))).toEqual(unavailable);
  });
});

describe("spec 2 'Call grant': the grant read", () => {
  it("returns an active grant with its roster and media", async () => {
    await expect(campusAnswering(anActiveGrant()).api.getGrant("tok", "grt_1")).resolves.toEqual(anActiveGrant());
  });

  it("rejects a roster while approval is pending as 503", async () => {
    const body = { grantId: "grt_1", status: "approval", participants: [aParticipant()] };
    await expect(campusAnswering(body).api.getGrant("tok", "grt_1")).rejects.toEqual(unavailable);
  });

  it("rejects a participant with a credential as 503", async () => {
    const withToken = { ...aParticipant(), roomToken: "x" };
    const body = anActiveGrant({ participants: [withToken] });
    await expect(campusAnswering(body).api.getGrant("tok", "grt_1")).rejects.toEqual(unavailable);
  });

  it("rejects the read of another grant as 503", async () => {
    await expect(campusAnswering(anActiveGrant({ grantId: "grt_2" })).api.getGrant("tok", "grt_1")).rejects.toEqual(unavailable);
  });

  it("encodes the ID as one path segment", async () => {
    const campus = fakeCampusFetch({});
    await aCampusApi(campus.fetch).getGrant("tok", "a/../b").catch(() => undefined);
    expect(campus.requests[0]?.url).toBe("http://campus.test/v1/apps/calls/grants/a%2F..%2Fb");
  });
});

describe("spec 4.8: the command read", () => {
  it("returns the outcome and its result", async () => {
    const command = aCommand({ status: "failed", result: { code: "CALL_CONFLICT", message: "No free seat" } });
    await expect(campusAnswering(command).api.getCommand("tok", "cmd_1")).resolves.toEqual(command);
  });

  it("rejects a status off the six as 503", async () => {
    await expect(campusAnswering({ ...aCommand(), status: "done" }).api.getCommand("tok", "cmd_1")).rejects.toEqual(unavailable);
  });
});

describe("spec part 7: every error code keeps its code, status and message", () => {
  it.each(Object.entries(ERROR_STATUS) as [ErrorCode, number][])("%s (%i)", async (code, status) => {
    const campus = fakeCampusFetch({ "GET /v1/apps/calls/status": () => campusError(code, status, `because ${code}`) });
    await expect(aCampusApi(campus.fetch).getCallStatus("tok")).rejects.toMatchObject({ code, status, message: `because ${code}` });
  });

  it("429 keeps Retry-After", async () => {
    const campus = fakeCampusFetch({
      "POST /v1/apps/calls/grants/grt_1/commands/invite": () => campusError("RATE_LIMITED", 429, "Slow down", { "Retry-After": "12" }),
    });
    const invite = aCampusApi(campus.fetch).sendGrantCommand("tok", "grt_1", "invite", { clientId: CLIENT_ID });
    await expect(invite).rejects.toMatchObject({ code: "RATE_LIMITED", status: 429, retryAfterSeconds: 12 });
  });

  it("a network failure is 503", async () => {
    const api = aCampusApi(async () => {
      throw new TypeError("fetch failed");
    });
    await expect(api.getGrant("tok", "grt_1")).rejects.toEqual(unavailable);
  });
});
