import { describe, expect, it } from "vitest";
import { commandAcceptedSchema } from "../../lib/contract";
import { callApi, callWithGrants, newClientId, postCommand, queueAction, readGrant } from "../test-support/call-scenarios";
import { ResponseDroppedError } from "./drop-response";
import { readError, readJson, send } from "../test-support/test-campus";

type Fixture = Awaited<ReturnType<typeof callWithGrants<"ada">>>;
type Request = (fixture: Fixture) => Promise<Response>;

const injectFault = (fixture: Fixture, fault: Record<string, unknown>) => send(fixture.campus, "POST", "/control/faults", { json: fault });

const ROUTES: Array<[string, Request]> = [
  ["status", ({ ada }) => callApi(ada, "GET", "/status")],
  ["attach", ({ ada }) => callApi(ada, "POST", "/attach")],
  ["start", ({ ada }) => callApi(ada, "POST", "/start", { clientId: newClientId() })],
  ["accept", ({ ada }) => callApi(ada, "POST", "/accept", { clientId: newClientId() })],
  ["grant", ({ ada }) => callApi(ada, "GET", `/grants/${ada.grantId}`)],
  ["command", ({ ada }) => postCommand(ada, "playback", { clientId: newClientId(), muted: true })],
  ["commandRead", ({ ada }) => callApi(ada, "GET", "/commands/cmd_x")],
  ["prepare", ({ ada }) => callApi(ada, "POST", `/grants/${ada.grantId}/presentations`, { mode: "video" })],
  ["tile", ({ ada }) => callApi(ada, "POST", "/presentations/prs_x/tiles", { participationId: ada.participationId, fit: "cover", label: true })],
  ["commit", ({ ada }) => callApi(ada, "POST", "/presentations/prs_x/commit")],
  ["heartbeat", ({ ada }) => callApi(ada, "POST", "/presentations/prs_x/heartbeat")],
  ["release", ({ ada }) => callApi(ada, "POST", "/presentations/prs_x/release")],
  ["activityRegister", ({ ada }) => callApi(ada, "POST", "/activities", { grantId: ada.grantId, sessionKey: "session-1", label: "Quiz" })],
  ["activityRead", ({ ada }) => callApi(ada, "GET", "/activities/act_x")],
  ["activityEntry", ({ ada }) => callApi(ada, "GET", "/activity-entry")],
];

describe("fault injection on call endpoints, keyed by route name", () => {
  it.each(ROUTES)("%s: unavailable answers 503 INTERNAL_SERVER_ERROR without running the handler", async (endpoint, request) => {
    const fixture = await callWithGrants(["ada"]);
    const before = fixture.campus.context.state.commands.listCommands().length;
    await injectFault(fixture, { endpoint, kind: "unavailable" });
    expect(await readError(await request(fixture))).toEqual({ status: 503, code: "INTERNAL_SERVER_ERROR" });
    expect(fixture.campus.context.state.commands.listCommands()).toHaveLength(before);
  });

  it.each(ROUTES)("%s: rateLimited answers 429 with Retry-After", async (endpoint, request) => {
    const fixture = await callWithGrants(["ada"]);
    await injectFault(fixture, { endpoint, kind: "rateLimited", retryAfterSeconds: 4 });
    const response = await request(fixture);
    expect(response.headers.get("Retry-After")).toBe("4");
    expect(await readError(response)).toEqual({ status: 429, code: "RATE_LIMITED" });
  });
});

describe("a dropped prepare still prepares; the app prepares again", () => {
  it("leaves the dropped presentation preparing, and the next prepare releases it", async () => {
    const fixture = await callWithGrants(["ada"]);
    await injectFault(fixture, { endpoint: "prepare", kind: "drop" });
    const prepare = () => callApi(fixture.ada, "POST", `/grants/${fixture.ada.grantId}/presentations`, { mode: "audioOnly" });
    await expect(prepare()).rejects.toBeInstanceOf(ResponseDroppedError);
    expect((await prepare()).status).toBe(200);
    const statuses = fixture.campus.context.state.presentations.listPresentations().map((presentation) => presentation.status);
    expect(statuses).toEqual(["released", "preparing"]);
  });
});

describe("a dropped command request still creates the command; the retry gets the same commandId", () => {
  it("applies the command exactly once", async () => {
    const fixture = await callWithGrants(["ada", "grace"]);
    const { campus, grace } = fixture;
    const body = { clientId: newClientId(), action: "stage/request" };
    await injectFault(fixture, { endpoint: "command", kind: "drop" });
    await expect(postCommand(grace, "action", body)).rejects.toBeInstanceOf(ResponseDroppedError);
    expect(await readGrant(grace)).toMatchObject({ stageState: "requested" });
    const retry = await postCommand(grace, "action", body);
    expect(retry.status).toBe(200);
    const { commandId } = commandAcceptedSchema.parse(await retry.json());
    const issued = campus.context.state.commands.listCommands().filter((command) => command.userId === grace.userId);
    expect(issued.map((command) => command.commandId)).toEqual([commandId]);
    const { entries } = await readJson<{ entries: Array<Record<string, unknown>> }>(await send(campus, "GET", "/host/log"));
    expect(entries.filter((entry) => entry.method === "POST").slice(0, 2)).toMatchObject([
      { method: "POST", status: 200, fault: null, username: "grace" },
      { method: "POST", status: 200, fault: "drop", username: "grace" },
    ]);
  });

  it("keeps a dropped native command pending for the member's prompt", async () => {
    const fixture = await callWithGrants(["ada"]);
    await injectFault(fixture, { endpoint: "command", kind: "drop" });
    const body = { clientId: newClientId(), action: "cameraOn" };
    await postCommand(fixture.ada, "action", body).catch(() => undefined);
    const { commandId } = await readJson<{ commandId: string }>(await postCommand(fixture.ada, "action", body));
    expect(fixture.campus.context.state.commands.findCommand(commandId)?.status).toBe("pending");
    expect(await queueAction(fixture.ada, "mute")).not.toBe(commandId);
  });
});
