import { describe, expect, it } from "vitest";
import { GRANT_ID, aCallSession, anActiveGrant, callDeps, callRequests, campusError } from "@/lib/testing/call-fixtures";
import { attachSessionToCall } from "./attach";
import { readSessionGrant } from "./grant";
import { readCallStatus } from "./status";

const GRANT_PATH = `GET /v1/apps/calls/grants/${GRANT_ID}`;

describe("spec 4.4: attach keeps the grant in the session", () => {
  it("checks userinfo, attaches, stores the grant ID and tells the page only the status", async () => {
    const { deps, campus } = callDeps({ routes: { "POST /v1/apps/calls/attach": () => Response.json({ grantId: "grt_new", status: "approval" }) } });
    const { credentials, sid } = await aCallSession(deps, { grantId: "grt_old" });
    await expect(attachSessionToCall(credentials, deps)).resolves.toEqual({ status: "approval" });
    expect(campus.requests.map((request) => new URL(request.url).pathname)).toEqual(["/v1/apps/userinfo", "/v1/apps/calls/attach"]);
    expect(await deps.callState.getGrant(sid)).toMatchObject({ grantId: "grt_new" });
  });

  it("needs calls:read", async () => {
    const { deps, campus } = callDeps();
    const { credentials } = await aCallSession(deps, { scopes: [] });
    await expect(attachSessionToCall(credentials, deps)).rejects.toMatchObject({ code: "FORBIDDEN", status: 403 });
    expect(campus.requests).toHaveLength(0);
  });
});

describe("spec 2 'Call grant': reading the session's grant", () => {
  it("before any attach, is null and costs the campus nothing", async () => {
    const { deps, campus } = callDeps();
    const { credentials } = await aCallSession(deps);
    await expect(readSessionGrant(credentials, deps)).resolves.toEqual({ grant: null });
    expect(campus.requests).toHaveLength(0);
  });

  it("a grant another member attached under the same sid is not this member's", async () => {
    const { deps, campus } = callDeps();
    const { credentials, sid } = await aCallSession(deps);
    await deps.callState.setGrant(sid, { grantId: GRANT_ID, userId: "usr_grace", attachedAt: 0 });
    await expect(readSessionGrant(credentials, deps)).resolves.toEqual({ grant: null });
    expect(campus.requests).toHaveLength(0);
  });

  it("reads the session's grant, without the grant ID or the call ID", async () => {
    const { deps, campus } = callDeps({ routes: { [GRANT_PATH]: () => Response.json(anActiveGrant()) } });
    const { credentials } = await aCallSession(deps, { grantId: GRANT_ID });
    const { grant } = await readSessionGrant(credentials, deps);
    expect(grant).toMatchObject({ status: "active", participationId: "par_ada", participants: [expect.objectContaining({ username: "ada" })] });
    expect(grant).not.toHaveProperty("grantId");
    expect(grant).not.toHaveProperty("callId");
    expect(callRequests(campus.requests)).toEqual([GRANT_PATH]);
  });

  it.each([["approval"], ["denied"], ["ended"]])("a %s grant is only its status", async (status) => {
    const { deps } = callDeps({ routes: { [GRANT_PATH]: () => Response.json({ grantId: GRANT_ID, status }) } });
    const { credentials } = await aCallSession(deps, { grantId: GRANT_ID });
    await expect(readSessionGrant(credentials, deps)).resolves.toEqual({ grant: { status } });
  });

  it.each([["ACCESS_REVOKED"], ["APP_UNAVAILABLE"]])("%s clears the stale binding", async (code) => {
    const { deps } = callDeps({ routes: { [GRANT_PATH]: () => campusError(code, 403) } });
    const { credentials, sid } = await aCallSession(deps, { grantId: GRANT_ID });
    await expect(readSessionGrant(credentials, deps)).rejects.toMatchObject({ code });
    expect(await deps.callState.getGrant(sid)).toBeUndefined();
  });

  it("a 401 keeps the binding: a fresh login in the same launch keeps the live call", async () => {
    const { deps } = callDeps({ routes: { [GRANT_PATH]: () => campusError("INVALID_TOKEN", 401) } });
    const { credentials, sid } = await aCallSession(deps, { grantId: GRANT_ID });
    await expect(readSessionGrant(credentials, deps)).rejects.toMatchObject({ status: 401 });
    expect(await deps.callState.getGrant(sid)).toBeDefined();
  });
});

describe("spec 4.3: the status check", () => {
  it("answers the campus's status as it is", async () => {
    const status = { inCall: true, canAttach: true, access: "approvalRequired" };
    const { deps } = callDeps({ routes: { "GET /v1/apps/calls/status": () => Response.json(status) } });
    const { credentials } = await aCallSession(deps);
    await expect(readCallStatus(credentials, deps)).resolves.toEqual(status);
  });

  it("forwards CALL_CONFLICT and RATE_LIMITED with their statuses", async () => {
    for (const [code, status] of [["CALL_CONFLICT", 409], ["RATE_LIMITED", 429]] as const) {
      const { deps } = callDeps({ routes: { "GET /v1/apps/calls/status": () => campusError(code, status) } });
      const { credentials } = await aCallSession(deps);
      await expect(readCallStatus(credentials, deps)).rejects.toMatchObject({ code, status });
    }
  });
});
