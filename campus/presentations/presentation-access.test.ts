import { describe, expect, it } from "vitest";
import { errorBodySchema } from "../../lib/contract";
import { approveCall, callApi, callWithGrants, callWithMembers, logIn } from "../test-support/call-scenarios";
import type { TestMember } from "../test-support/call-scenarios";
import { operate, postPrepare, postTile, prepare, stagedCall } from "../test-support/presentation-scenarios";
import { openTestLaunch, readError, send } from "../test-support/test-campus";

/** Every presentation endpoint for one member, with valid bodies. */
const everyRequest = (member: TestMember, presentationId: string) => [
  postPrepare(member),
  postTile(member, presentationId, member.participationId),
  operate(member, presentationId, "commit"),
  operate(member, presentationId, "heartbeat"),
  operate(member, presentationId, "release"),
];

describe("spec 4: presentations need calls:read, like the other call endpoints", () => {
  it("works with a calls:read-only registration", async () => {
    const { ada } = await callWithMembers(["ada"], { registration: { scopes: ["calls:read"] } });
    await approveCall(ada);
    const presentationId = await prepare(ada, "audioOnly");
    expect((await operate(ada, presentationId, "commit")).status).toBe(200);
  });

  it("refuses a token without call scopes with 403 FORBIDDEN on every presentation endpoint", async () => {
    const { ada } = await callWithMembers(["ada"], { registration: { scopes: ["profile:read"] } });
    ada.grantId = "grt_x";
    for (const response of await Promise.all(everyRequest(ada, "prs_x"))) expect(await readError(response)).toEqual({ status: 403, code: "FORBIDDEN" });
  });
});

describe("spec 4: the current launch, the tab and the grant are rechecked on every request", () => {
  it("answers 403 APP_UNAVAILABLE once the tab remounted", async () => {
    const { campus, ada } = await callWithGrants(["ada"]);
    const presentationId = await prepare(ada);
    await openTestLaunch(campus, { member: "ada", tabId: ada.tabId });
    for (const response of await Promise.all(everyRequest(ada, presentationId))) {
      expect(await readError(response)).toEqual({ status: 403, code: "APP_UNAVAILABLE" });
    }
  });

  it("refuses another member's presentation, and a login in another tab, with 403 FORBIDDEN", async () => {
    const { campus, ada, grace } = await stagedCall();
    const presentationId = await prepare(ada);
    const otherTab = await logIn(campus, "ada", "tab-ada-2");
    otherTab.grantId = ada.grantId;
    for (const member of [grace, otherTab]) {
      for (const response of await Promise.all(everyRequest(member, presentationId).slice(1))) {
        expect(await readError(response)).toEqual({ status: 403, code: "FORBIDDEN" });
      }
    }
    expect(await readError(await postPrepare(otherTab))).toEqual({ status: 403, code: "FORBIDDEN" });
  });

  it("refuses a denied grant", async () => {
    const { campus, ada } = await callWithMembers(["ada"]);
    const { grantId } = await (await callApi(ada, "POST", "/attach")).json();
    await send(campus, "POST", "/host/call/approval", { json: { tabId: ada.tabId, decision: "deny" }, member: "ada" });
    expect(await readError(await postPrepare(ada, { mode: "video" }, grantId))).toEqual({ status: 403, code: "FORBIDDEN" });
  });
});

describe("spec 2 Error and spec 4 headers on presentation endpoints", () => {
  it.each([
    "/v1/apps/calls/grants/grt_x/presentations",
    "/v1/apps/calls/presentations/prs_x/tiles",
    "/v1/apps/calls/presentations/prs_x/commit",
    "/v1/apps/calls/presentations/prs_x/heartbeat",
    "/v1/apps/calls/presentations/prs_x/release",
  ])("POST %s without a token: 401 INVALID_TOKEN, Error shape, private no-store", async (path) => {
    const { campus } = await callWithMembers(["ada"]);
    const response = await send(campus, "POST", path);
    expect(response.status).toBe(401);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(errorBodySchema.safeParse(await response.json()).success).toBe(true);
  });

  it("answers an unknown operation as unsupported (400)", async () => {
    const { ada } = await callWithGrants(["ada"]);
    expect(await readError(await callApi(ada, "POST", `/presentations/${await prepare(ada)}/pause`))).toEqual({ status: 400, code: "BAD_USER_INPUT" });
  });
});
