import { describe, expect, it } from "vitest";
import {
  answerApprovalPrompt,
  approveCall,
  attach,
  callApi,
  callWithMembers,
  logIn,
  loggedInMembers,
  queueAction,
  queueCommand,
  answerPrompt,
  readPanel,
  readStatus,
} from "../test-support/call-scenarios";
import { openTestLaunch, readError, saveTestRegistration, send } from "../test-support/test-campus";

const UNAVAILABLE = { inCall: false, canAttach: false, access: "unavailable" };
const APPROVAL_REQUIRED = { inCall: true, canAttach: true, access: "approvalRequired" };
const APPROVED = { inCall: true, canAttach: true, access: "approved" };

describe("spec 3: the status check answers one of three combinations for the launch's owning tab", () => {
  it("is unavailable without a call", async () => {
    const { ada } = await loggedInMembers(["ada"]);
    expect(await readStatus(ada)).toEqual(UNAVAILABLE);
  });

  it("is approvalRequired in an accepted call without the app's approval", async () => {
    const { ada } = await callWithMembers(["ada"]);
    expect(await readStatus(ada)).toEqual(APPROVAL_REQUIRED);
  });

  it("is approved once the member allowed the call for the app", async () => {
    const { ada } = await callWithMembers(["ada"]);
    await approveCall(ada);
    expect(await readStatus(ada)).toEqual(APPROVED);
  });

  it("is unavailable for a call in another tab of the same member", async () => {
    const { campus } = await callWithMembers(["ada"]);
    const otherTab = await logIn(campus, "ada", "tab-ada-2");
    expect(await readStatus(otherTab)).toEqual(UNAVAILABLE);
  });

  it("is unavailable with only a pending incoming invitation", async () => {
    const { campus, ada } = await callWithMembers(["ada"]);
    const grace = await logIn(campus, "grace");
    await approveCall(ada);
    await answerPrompt(campus, await queueCommand(ada, "invite", { recipientId: grace.userId }), "confirm");
    expect((await readPanel(grace)).invitations).toHaveLength(1);
    expect(await readStatus(grace)).toEqual(UNAVAILABLE);
  });

  it("is unavailable again after the member left", async () => {
    const { campus, ada, grace } = await callWithMembers(["ada", "grace"]);
    await approveCall(grace);
    await answerPrompt(campus, await queueAction(grace, "leave"), "confirm");
    expect(await readStatus(grace)).toEqual(UNAVAILABLE);
    expect(await readStatus(ada)).toEqual(APPROVAL_REQUIRED);
  });
});

describe("spec 4.3: invalid login, stale launch or revoked consent are errors, never unavailable", () => {
  it("answers 401 INVALID_TOKEN for an unknown token", async () => {
    const { ada } = await loggedInMembers(["ada"]);
    expect(await readError(await callApi({ ...ada, accessToken: "not-a-token" }, "GET", "/status"))).toEqual({ status: 401, code: "INVALID_TOKEN" });
  });

  it("answers 403 APP_UNAVAILABLE once the tab mounted the app again (expired mount)", async () => {
    const { campus, ada } = await callWithMembers(["ada"]);
    await openTestLaunch(campus, { member: "ada", tabId: ada.tabId });
    expect(await readError(await callApi(ada, "GET", "/status"))).toEqual({ status: 403, code: "APP_UNAVAILABLE" });
  });

  it("answers 403 ACCESS_REVOKED once consent is revoked", async () => {
    const { campus, ada } = await loggedInMembers(["ada"]);
    await send(campus, "POST", "/control/consent/revoke", { json: { username: "ada" } });
    expect(await readError(await callApi(ada, "GET", "/status"))).toEqual({ status: 403, code: "ACCESS_REVOKED" });
  });

  it("answers 403 APP_UNAVAILABLE after a registration save", async () => {
    const { campus, ada } = await loggedInMembers(["ada"]);
    await saveTestRegistration(campus, {});
    expect(await readError(await callApi(ada, "GET", "/status"))).toEqual({ status: 403, code: "APP_UNAVAILABLE" });
  });
});

describe("spec 4.3: the status check changes nothing", () => {
  it("creates no grant, prompt or command", async () => {
    const { campus, ada } = await callWithMembers(["ada"]);
    const { state } = campus.context;
    for (let i = 0; i < 3; i += 1) await readStatus(ada);
    expect(state.grants.listGrants()).toHaveLength(0);
    expect(state.commands.listCommands()).toHaveLength(0);
    expect((await readPanel(ada)).approvalPrompt).toBe(false);
  });

  it("leaves a waiting approval waiting", async () => {
    const { ada } = await callWithMembers(["ada"]);
    const { grantId } = await attach(ada);
    expect(await readStatus(ada)).toEqual(APPROVAL_REQUIRED);
    expect((await readPanel(ada)).approvalPrompt).toBe(true);
    expect(await answerApprovalPrompt(ada, "allow")).toHaveProperty("status", 200);
    expect((await attach(ada)).grantId).toBe(grantId);
  });

  it("takes no selectors: a query parameter is 400 BAD_USER_INPUT", async () => {
    const { ada } = await callWithMembers(["ada"]);
    expect(await readError(await callApi(ada, "GET", "/status?callId=x"))).toEqual({ status: 400, code: "BAD_USER_INPUT" });
  });

  it("carries Cache-Control: private, no-store on success and error", async () => {
    const { ada } = await callWithMembers(["ada"]);
    expect((await callApi(ada, "GET", "/status")).headers.get("Cache-Control")).toBe("private, no-store");
    expect((await callApi({ ...ada, accessToken: "x" }, "GET", "/status")).headers.get("Cache-Control")).toBe("private, no-store");
  });
});
