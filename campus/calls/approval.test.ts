import { describe, expect, it } from "vitest";
import {
  answerApprovalPrompt,
  answerPrompt,
  approveCall,
  attach,
  callApi,
  callWithMembers,
  logIn,
  loggedInMembers,
  queueAction,
  readGrant,
  readPanel,
  readStatus,
  simulate,
} from "../test-support/call-scenarios";
import { issueToken, readError, saveTestRegistration, send } from "../test-support/test-campus";

describe("spec 4.4: attach asks for native approval in the participation's tab", () => {
  it("answers approval and shows the prompt 'Use this call in this app' in that tab only", async () => {
    const { campus, ada } = await callWithMembers(["ada"]);
    expect(await attach(ada)).toEqual({ grantId: expect.stringMatching(/^grt_/), status: "approval" });
    expect((await readPanel(ada)).approvalPrompt).toBe(true);
    await logIn(campus, "ada", "tab-ada-2");
    expect((await readPanel(ada, "tab-ada-2")).approvalPrompt).toBe(false);
  });

  it("becomes active when the member allows", async () => {
    const { ada } = await callWithMembers(["ada"]);
    const { grantId } = await attach(ada);
    expect((await answerApprovalPrompt(ada, "allow")).status).toBe(200);
    expect((await readGrant(ada, grantId)).status).toBe("active");
    expect((await readPanel(ada)).approvalPrompt).toBe(false);
  });

  it("reads denied when the member denies (policy.ts), and a later attach asks again", async () => {
    const { ada } = await callWithMembers(["ada"]);
    const first = await attach(ada);
    await answerApprovalPrompt(ada, "deny");
    expect(await readGrant(ada, first.grantId)).toEqual({ grantId: first.grantId, status: "denied" });
    const second = await attach(ada);
    expect(second.grantId).not.toBe(first.grantId);
    expect(second.status).toBe("approval");
    expect(await readStatus(ada)).toMatchObject({ access: "approvalRequired" });
  });

  it("returns the waiting grant again while the prompt is open", async () => {
    const { ada } = await callWithMembers(["ada"]);
    const first = await attach(ada);
    expect(await attach(ada)).toEqual(first);
  });

  it("refuses a member without a call in the launch's tab: 403 FORBIDDEN", async () => {
    const { campus } = await callWithMembers(["ada"]);
    const otherTab = await logIn(campus, "ada", "tab-ada-2");
    expect(await readError(await callApi(otherTab, "POST", "/attach"))).toEqual({ status: 403, code: "FORBIDDEN" });
    const { ada: alone } = await loggedInMembers(["ada"]);
    expect(await readError(await callApi(alone, "POST", "/attach"))).toEqual({ status: 403, code: "FORBIDDEN" });
  });

  it("takes no body: a non-empty body is 400 BAD_USER_INPUT", async () => {
    const { ada } = await callWithMembers(["ada"]);
    expect(await readError(await callApi(ada, "POST", "/attach", {}))).toEqual({ status: 400, code: "BAD_USER_INPUT" });
    expect(ada.campus.context.state.grants.listGrants()).toHaveLength(0);
  });
});

describe("spec 2: approval lasts for the participation while consent and registration stay valid", () => {
  it("is remembered on re-attach in the same participation, also after a fresh login in the same tab", async () => {
    const { campus, ada } = await callWithMembers(["ada"]);
    await approveCall(ada);
    expect((await attach(ada)).status).toBe("active");
    const relogin = await logIn(campus, "ada", ada.tabId);
    expect(await readStatus(relogin)).toMatchObject({ access: "approved" });
    expect((await attach(relogin)).status).toBe("active");
  });

  it("is approved by each member independently", async () => {
    const { ada, grace } = await callWithMembers(["ada", "grace"]);
    await approveCall(ada);
    expect(await readStatus(ada)).toMatchObject({ access: "approved" });
    expect(await readStatus(grace)).toMatchObject({ access: "approvalRequired" });
    expect((await attach(grace)).status).toBe("approval");
    expect((await readPanel(ada)).approvalPrompt).toBe(false);
  });

  it("is lost when the member leaves: the grant reads ended and commands are 403", async () => {
    const { campus, ada, grace } = await callWithMembers(["ada", "grace"]);
    await approveCall(grace);
    await answerPrompt(campus, await queueAction(grace, "leave"), "confirm");
    expect(await readGrant(grace)).toEqual({ grantId: grace.grantId, status: "ended" });
    const response = await callApi(grace, "POST", `/grants/${grace.grantId}/commands/playback`, { clientId: "after-leaving-0001", muted: true });
    expect(await readError(response)).toEqual({ status: 403, code: "FORBIDDEN" });
    expect(ada.participationId).not.toBe("");
  });

  it("is lost on rejoin: the new participation needs approval again", async () => {
    const { campus, callId, ada, grace } = await callWithMembers(["ada", "grace"]);
    await approveCall(grace);
    const rejoined = await (await simulate(campus, callId, grace.participationId, "rejoin")).json();
    expect(rejoined.participationId).not.toBe(grace.participationId);
    expect(await readGrant(grace)).toMatchObject({ status: "ended" });
    expect(await readStatus(grace)).toMatchObject({ access: "approvalRequired" });
    expect(await readStatus(ada)).toMatchObject({ access: "approvalRequired" });
  });

  it("is lost when consent is revoked, even after consenting again", async () => {
    const { campus, ada } = await callWithMembers(["ada"]);
    await approveCall(ada);
    await send(campus, "POST", "/control/consent/revoke", { json: { username: "ada" } });
    expect(await readError(await callApi(ada, "GET", `/grants/${ada.grantId}`))).toEqual({ status: 403, code: "ACCESS_REVOKED" });
    const relogin = await logIn(campus, "ada", ada.tabId);
    expect(await readGrant(relogin, ada.grantId)).toMatchObject({ status: "ended" });
    expect(await readStatus(relogin)).toMatchObject({ access: "approvalRequired" });
  });

  it("is lost when the registration is saved", async () => {
    const { campus, ada } = await callWithMembers(["ada"]);
    await approveCall(ada);
    await saveTestRegistration(campus, {});
    const { accessToken } = await issueToken(campus, { member: "ada", tabId: ada.tabId });
    const relogin = { ...ada, accessToken };
    expect(await readGrant(relogin, ada.grantId)).toMatchObject({ status: "ended" });
    expect(await readStatus(relogin)).toMatchObject({ access: "approvalRequired" });
  });
});
