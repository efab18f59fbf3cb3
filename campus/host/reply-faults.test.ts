import { describe, expect, it } from "vitest";
import { createTestCampus, issueToken, openTestLaunch, readError, readJson, readUserinfo, send } from "../test-support/test-campus";

type Campus = ReturnType<typeof createTestCampus>;
type Taken = { fault: null | { kind: string; delayMs?: number; launchId?: string } };

const TAB = "tab-ada-1";
const armFault = (campus: Campus, fault: Record<string, unknown>) => send(campus, "POST", "/control/faults", { json: fault });
const take = async (campus: Campus, method: string, tabId = TAB) =>
  readJson<Taken>(await send(campus, "POST", "/host/reply-faults/take", { json: { tabId, method }, member: "ada" }));
const authorize = (campus: Campus, launchId: string) =>
  send(campus, "POST", `/host/launches/${launchId}/authorize`, { json: { tabId: TAB }, member: "ada" });

describe("reply faults are armed like REST faults, and the page takes one per message", () => {
  it("drops the next `count` ready replies, then none", async () => {
    const campus = createTestCampus();
    expect((await armFault(campus, { endpoint: "ready", kind: "drop", count: 2 })).status).toBe(200);
    expect(await take(campus, "ready")).toEqual({ fault: { kind: "drop" } });
    expect(await take(campus, "ready")).toEqual({ fault: { kind: "drop" } });
    expect(await take(campus, "ready")).toEqual({ fault: null });
  });

  it("keeps each message's rules apart, in the order they were added", async () => {
    const campus = createTestCampus();
    await armFault(campus, { endpoint: "authenticate", kind: "delay", delayMs: 250 });
    await armFault(campus, { endpoint: "authenticate", kind: "duplicate" });
    expect(await take(campus, "ready")).toEqual({ fault: null });
    expect(await take(campus, "authenticate")).toEqual({ fault: { kind: "delay", delayMs: 250 } });
    expect(await take(campus, "authenticate")).toEqual({ fault: { kind: "duplicate" } });
    expect(await take(campus, "authenticate")).toEqual({ fault: null });
  });

  it("lists them with the REST rules, and a reset or DELETE clears them", async () => {
    const campus = createTestCampus();
    await armFault(campus, { endpoint: "authenticate", kind: "reload" });
    const { faults } = await readJson<{ faults: unknown[] }>(await send(campus, "GET", "/control/faults"));
    expect(faults).toEqual([{ endpoint: "authenticate", kind: "reload", remaining: 1, delayMs: 1000 }]);
    await send(campus, "DELETE", "/control/faults", { json: {} });
    expect(await take(campus, "authenticate")).toEqual({ fault: null });
    await armFault(campus, { endpoint: "ready", kind: "drop" });
    await send(campus, "POST", "/control/reset", { json: {} });
    expect(await take(campus, "ready")).toEqual({ fault: null });
  });

  it("a reply fault never touches a REST call, nor a REST fault a reply", async () => {
    const campus = createTestCampus();
    const { accessToken } = await issueToken(campus);
    await armFault(campus, { endpoint: "ready", kind: "drop" });
    await armFault(campus, { endpoint: "userinfo", kind: "unavailable" });
    expect((await readUserinfo(campus, accessToken)).status).toBe(503);
    expect((await readUserinfo(campus, accessToken)).status).toBe(200);
    expect(await take(campus, "authenticate")).toEqual({ fault: null });
    expect(await take(campus, "ready")).toEqual({ fault: { kind: "drop" } });
  });
});

describe("a stale launch is one the frame does not hold, which authenticate refuses", () => {
  it("the tab's newest ended launch, when it has one", async () => {
    const campus = createTestCampus();
    const first = await openTestLaunch(campus);
    const second = await openTestLaunch(campus);
    const third = await openTestLaunch(campus);
    await armFault(campus, { endpoint: "ready", kind: "staleLaunch" });
    const { fault } = await take(campus, "ready");
    expect(fault).toEqual({ kind: "staleLaunch", launchId: second.launchId });
    expect([first.launchId, third.launchId]).not.toContain(fault?.launchId);
    expect(await readError(await authorize(campus, second.launchId))).toEqual({ status: 409, code: "INVALID_LAUNCH" });
  });

  it("in a tab without one, an ID the campus never issued", async () => {
    const campus = createTestCampus();
    const current = await openTestLaunch(campus);
    await openTestLaunch(campus, { tabId: "tab-ada-2" });
    await armFault(campus, { endpoint: "ready", kind: "staleLaunch" });
    const { fault } = await take(campus, "ready");
    expect(fault?.launchId).toMatch(/^lch_[A-Za-z0-9_-]{22}$/);
    expect(fault?.launchId).not.toBe(current.launchId);
    expect(await readError(await authorize(campus, fault?.launchId ?? ""))).toEqual({ status: 409, code: "INVALID_LAUNCH" });
  });
});

describe("bad rules and bad takes are refused in the Error shape, naming the field", () => {
  it.each([
    [{ endpoint: "ready", kind: "reload" }, "kind"],
    [{ endpoint: "authenticate", kind: "staleLaunch" }, "kind"],
    [{ endpoint: "ready", kind: "unavailable" }, "kind"],
    [{ endpoint: "token", kind: "duplicate" }, "kind"],
    [{ endpoint: "ready", kind: "drop", retryAfterSeconds: 3 }, "retryAfterSeconds"],
    [{ endpoint: "ready", kind: "delay", delayMs: 60_001 }, "delayMs"],
    [{ endpoint: "hello", kind: "drop" }, "endpoint"],
  ])("%o → 400 naming %s", async (rule, field) => {
    const campus = createTestCampus();
    const response = await armFault(campus, rule);
    expect(response.status).toBe(400);
    const body = await readJson<{ error: { code: string; message: string } }>(response);
    expect(body.error.code).toBe("BAD_USER_INPUT");
    expect(body.error.message).toContain(field);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("a take names a method of the iframe protocol and a tab", async () => {
    const campus = createTestCampus();
    const response = await send(campus, "POST", "/host/reply-faults/take", { json: { tabId: TAB, method: "token" } });
    expect(response.status).toBe(400);
    expect((await readJson<{ error: { code: string; message: string } }>(response)).error).toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining("method"),
    });
    const noTab = await send(campus, "POST", "/host/reply-faults/take", { json: { method: "ready" } });
    expect(await readError(noTab)).toEqual({ status: 400, code: "BAD_REQUEST" });
  });
});
