import { describe, expect, it } from "vitest";
import { errorBodySchema } from "../../lib/contract";
import {
  approveCall,
  callApi,
  callWithGrants,
  callWithMembers,
  logIn,
  newClientId,
  postCommand,
  queueAction,
  readStatus,
} from "../test-support/call-scenarios";
import { advanceClock, openTestLaunch, readError, saveTestRegistration, send } from "../test-support/test-campus";

const EVERY_ENDPOINT = [
  ["GET", "/status", undefined],
  ["POST", "/attach", undefined],
  ["POST", "/start", { clientId: "no-scope-client-01" }],
  ["POST", "/accept", { clientId: "no-scope-client-02" }],
  ["GET", "/grants/grt_x", undefined],
  ["POST", "/grants/grt_x/commands/playback", { clientId: "no-scope-client-03", muted: true }],
  ["GET", "/commands/cmd_x", undefined],
] as const;

describe("spec 4: calls:read is enough for status, attach and the grant read", () => {
  it("answers them with a calls:read token", async () => {
    const { ada } = await callWithMembers(["ada"], { registration: { scopes: ["calls:read"] } });
    expect((await readStatus(ada)).access).toBe("approvalRequired");
    const grantId = await approveCall(ada);
    expect((await callApi(ada, "GET", `/grants/${grantId}`)).status).toBe(200);
  });

  it("refuses start, accept, grant commands and command reads with 403 FORBIDDEN naming calls:control", async () => {
    const { ada } = await callWithMembers(["ada"], { registration: { scopes: ["calls:read"] } });
    const grantId = await approveCall(ada);
    const requests = [
      callApi(ada, "POST", "/start", { clientId: newClientId() }),
      callApi(ada, "POST", "/accept", { clientId: newClientId() }),
      postCommand(ada, "playback", { clientId: newClientId(), muted: true }, grantId),
      callApi(ada, "GET", "/commands/cmd_any"),
    ];
    for (const response of await Promise.all(requests)) {
      const body = await response.clone().json();
      expect(await readError(response)).toEqual({ status: 403, code: "FORBIDDEN" });
      expect(body.error.message).toContain("calls:control");
    }
  });
});

describe("spec 4: a token without call scopes is refused on every call endpoint", () => {
  it.each(EVERY_ENDPOINT)("%s %s answers 403 FORBIDDEN", async (method, path, body) => {
    const { ada } = await callWithMembers(["ada"], { registration: { scopes: ["profile:read"] } });
    expect(await readError(await callApi(ada, method, path, body))).toEqual({ status: 403, code: "FORBIDDEN" });
  });
});

describe("spec 4: the token's launch must be the current mount of its tab (policy.ts order)", () => {
  it("answers 403 APP_UNAVAILABLE on every call endpoint once the tab remounted", async () => {
    const { campus, ada } = await callWithGrants(["ada"]);
    const commandId = await queueAction(ada, "mute");
    await openTestLaunch(campus, { member: "ada", tabId: ada.tabId });
    const requests = [
      callApi(ada, "GET", "/status"),
      callApi(ada, "POST", "/attach"),
      callApi(ada, "POST", "/start", { clientId: newClientId() }),
      callApi(ada, "GET", `/grants/${ada.grantId}`),
      postCommand(ada, "action", { clientId: newClientId(), action: "mute" }),
      callApi(ada, "GET", `/commands/${commandId}`),
    ];
    for (const response of await Promise.all(requests)) expect(await readError(response)).toEqual({ status: 403, code: "APP_UNAVAILABLE" });
  });

  it("checks the token before the launch: an expired token is 401", async () => {
    const { ada } = await callWithMembers(["ada"]);
    await advanceClock(ada.campus, 900);
    expect(await readError(await callApi(ada, "GET", "/status"))).toEqual({ status: 401, code: "INVALID_TOKEN" });
  });

  it("checks the app before the scope: an unpublished app is 403 APP_UNAVAILABLE", async () => {
    const { ada } = await callWithMembers(["ada"], { registration: { scopes: ["profile:read"] } });
    await saveTestRegistration(ada.campus, { published: false });
    expect(await readError(await callApi(ada, "GET", "/status"))).toEqual({ status: 403, code: "APP_UNAVAILABLE" });
  });
});

describe("spec 4: participation is bound to its campus tab", () => {
  it("lets a login in another tab neither attach nor command the call", async () => {
    const { campus, ada } = await callWithGrants(["ada"]);
    const otherTab = await logIn(campus, "ada", "tab-ada-2");
    expect(await readStatus(otherTab)).toEqual({ inCall: false, canAttach: false, access: "unavailable" });
    expect(await readError(await callApi(otherTab, "POST", "/attach"))).toEqual({ status: 403, code: "FORBIDDEN" });
    const command = await postCommand(otherTab, "playback", { clientId: newClientId(), muted: true }, ada.grantId);
    expect(await readError(command)).toEqual({ status: 403, code: "FORBIDDEN" });
  });

  it("refuses grant commands before approval with 403 FORBIDDEN", async () => {
    const { ada } = await callWithMembers(["ada"]);
    const { grantId } = await (await callApi(ada, "POST", "/attach")).json();
    const response = await postCommand(ada, "playback", { clientId: newClientId(), muted: true }, grantId);
    expect(await readError(response)).toEqual({ status: 403, code: "FORBIDDEN" });
  });
});

describe("spec 2 Error and spec 4 headers: every call failure is { error: { code, message } }, private and uncached", () => {
  it.each([
    ["GET", "/v1/apps/calls/status"],
    ["POST", "/v1/apps/calls/attach"],
    ["POST", "/v1/apps/calls/start"],
    ["POST", "/v1/apps/calls/accept"],
    ["GET", "/v1/apps/calls/grants/grt_x"],
    ["POST", "/v1/apps/calls/grants/grt_x/commands/action"],
    ["GET", "/v1/apps/calls/commands/cmd_x"],
    ["POST", "/v1/apps/calls/grants/grt_x/presentations"],
  ])("%s %s", async (method, path) => {
    const { campus } = await callWithMembers(["ada"]);
    const response = await send(campus, method, path);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(errorBodySchema.safeParse(await response.json()).success).toBe(true);
  });
});
