import { describe, expect, it } from "vitest";
import { activityReadSchema } from "../../lib/contract";
import { activityCall, getActivity, LABEL, postActivity, registerActivity, SESSION_KEY } from "../test-support/activity-scenarios";
import { answerApprovalPrompt, answerPrompt, approveCall, attach, callApi, callWithGrants, callWithMembers, logIn, queueAction } from "../test-support/call-scenarios";
import { basicAuth, exchangeCode, issueCode, readError, readJson, saveTestRegistration, send, TEST_REGISTRATION } from "../test-support/test-campus";

describe("spec 4.11: registering an activity needs an approved grant and matching participation", () => {
  it("answers an opaque activityId of this app and call, with the label and call ID, never the session key", async () => {
    const { ada, callId } = await callWithGrants(["ada"]);
    const response = await postActivity(ada);
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(text).not.toContain(SESSION_KEY);
    const registered = activityReadSchema.parse(JSON.parse(text));
    expect(registered).toEqual({ activityId: expect.stringMatching(/^act_[A-Za-z0-9_-]{22}$/), label: LABEL, callId });
  });

  it("refuses a grant still awaiting approval, and a denied one: 403 FORBIDDEN", async () => {
    const { ada, grace } = await callWithMembers(["ada", "grace"]);
    ada.grantId = (await attach(ada)).grantId;
    expect(await readError(await postActivity(ada))).toEqual({ status: 403, code: "FORBIDDEN" });
    await answerApprovalPrompt(ada, "deny");
    expect(await readError(await postActivity(ada))).toEqual({ status: 403, code: "FORBIDDEN" });
    await approveCall(grace);
    expect(await readError(await postActivity(ada, { grantId: grace.grantId }))).toEqual({ status: 403, code: "FORBIDDEN" });
    expect(await readError(await postActivity(ada, { grantId: "grt_unknown" }))).toEqual({ status: 403, code: "FORBIDDEN" });
  });

  it("refuses a grant whose participation ended (the member left): 403 FORBIDDEN", async () => {
    const { ada, grace } = await callWithGrants(["ada", "grace"]);
    await answerPrompt(grace.campus, await queueAction(grace, "leave"), "confirm");
    expect(await readError(await postActivity(grace))).toEqual({ status: 403, code: "FORBIDDEN" });
    expect((await postActivity(ada)).status).toBe(200);
  });

  it("refuses a grant of the member's call in another campus tab: the participation must match the launch's", async () => {
    const { campus, ada } = await callWithGrants(["ada"]);
    const otherTab = { ...(await logIn(campus, "ada", "tab-ada-2")), grantId: ada.grantId };
    expect(await readError(await postActivity(otherTab))).toEqual({ status: 403, code: "FORBIDDEN" });
  });

  it("needs calls:control (403 FORBIDDEN with calls:read only)", async () => {
    const { ada } = await callWithGrants(["ada"], { registration: { scopes: ["calls:read"] } });
    expect(await readError(await postActivity(ada))).toEqual({ status: 403, code: "FORBIDDEN" });
  });

  it.each([
    ["no label", { label: undefined }],
    ["an empty label", { label: "" }],
    ["an 81-character label", { label: "l".repeat(81) }],
    ["an empty session key", { sessionKey: "" }],
    ["a 257-character session key", { sessionKey: "k".repeat(257) }],
    ["an extra field", { activityId: "act_x" }],
    ["no grantId", { grantId: undefined }],
  ])("refuses %s with 400 BAD_USER_INPUT", async (_case, patch) => {
    const { campus, ada } = await callWithGrants(["ada"]);
    expect(await readError(await postActivity(ada, patch))).toEqual({ status: 400, code: "BAD_USER_INPUT" });
    expect(campus.context.state.activities.listActivities()).toEqual([]);
  });

  it("accepts the limits exactly: an 80-character label and a 256-character session key", async () => {
    const { ada } = await callWithGrants(["ada"]);
    expect((await postActivity(ada, { label: "l".repeat(80), sessionKey: "k".repeat(256) })).status).toBe(200);
  });

  it("answers the same activityId for the same app, call and session key, with the newest label (policy.ts)", async () => {
    const { ada, grace } = await callWithGrants(["ada", "grace"]);
    const first = await registerActivity(ada);
    expect(await registerActivity(grace, { label: "Renamed quiz" })).toEqual({ ...first, label: "Renamed quiz" });
    expect((await registerActivity(ada, { sessionKey: "another-session" })).activityId).not.toBe(first.activityId);
  });

  it("takes no query parameters: 400", async () => {
    const { ada } = await callWithGrants(["ada"]);
    const response = await callApi(ada, "POST", `/activities?sessionKey=${SESSION_KEY}`, { grantId: ada.grantId, sessionKey: SESSION_KEY, label: LABEL });
    expect(await readError(response)).toEqual({ status: 400, code: "BAD_USER_INPUT" });
  });
});

describe("spec 4.12: the activity read returns the label and call ID only", () => {
  it("answers another approved member of the call, never the session key", async () => {
    const { grace, activityId, callId } = await activityCall(["ada", "grace"]);
    const response = await getActivity(grace, activityId);
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(text).not.toContain(SESSION_KEY);
    expect(activityReadSchema.parse(JSON.parse(text))).toEqual({ activityId, label: LABEL, callId });
  });

  it("refuses a member of the call without current approval: 403 FORBIDDEN", async () => {
    const { ada, grace } = await callWithMembers(["ada", "grace"]);
    await approveCall(ada);
    const { activityId } = await registerActivity(ada);
    expect(await readError(await getActivity(grace, activityId))).toEqual({ status: 403, code: "FORBIDDEN" });
    await attach(grace);
    expect(await readError(await getActivity(grace, activityId))).toEqual({ status: 403, code: "FORBIDDEN" });
    await answerApprovalPrompt(grace, "allow");
    expect((await getActivity(grace, activityId)).status).toBe(200);
  });

  it("refuses a member of another call, and one who left: 403 FORBIDDEN", async () => {
    const { campus, ada, grace, activityId } = await activityCall(["ada", "grace"]);
    const linus = await logIn(campus, "linus");
    await send(campus, "POST", "/control/calls", { json: { username: "linus" } });
    await approveCall(linus);
    expect(await readError(await getActivity(linus, activityId))).toEqual({ status: 403, code: "FORBIDDEN" });
    await answerPrompt(campus, await queueAction(grace, "leave"), "confirm");
    expect(await readError(await getActivity(grace, activityId))).toEqual({ status: 403, code: "FORBIDDEN" });
    expect((await getActivity(ada, activityId)).status).toBe(200);
  });

  it("refuses an activity of another app (a re-registration) and an unknown ID: 403 FORBIDDEN", async () => {
    const { campus, ada, activityId } = await activityCall(["ada"]);
    await saveTestRegistration(campus, { clientId: "another-app-client" });
    const { code, launchId, tabId } = await issueCode(campus);
    const token = await readJson<{ access_token: string }>(await exchangeCode(campus, code, basicAuth("another-app-client", TEST_REGISTRATION.clientSecret)));
    const again = { ...ada, launchId, tabId, accessToken: token.access_token };
    await approveCall(again);
    expect(await readError(await getActivity(again, activityId))).toEqual({ status: 403, code: "FORBIDDEN" });
    expect(await readError(await getActivity(again, "act_unknown"))).toEqual({ status: 403, code: "FORBIDDEN" });
    expect(await readError(await getActivity(ada, activityId))).toEqual({ status: 403, code: "APP_UNAVAILABLE" });
  });

  it("takes no query parameters: a session key in the query authorizes nothing (400)", async () => {
    const { grace, activityId } = await activityCall(["ada", "grace"]);
    expect(await readError(await callApi(grace, "GET", `/activities/${activityId}?sessionKey=${SESSION_KEY}`))).toEqual({ status: 400, code: "BAD_USER_INPUT" });
  });
});
