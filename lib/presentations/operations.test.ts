import { beforeEach, describe, expect, it, vi } from "vitest";
import type { PresentationBinding } from "@/lib/calls/call-state-store";
import type { CallDeps } from "@/lib/calls/with-call";
import { GRANT_ID, aCallSession, aPresentation, callDeps, callRequests, campusError } from "@/lib/testing/call-fixtures";
import { commitSessionPresentation, heartbeatSessionPresentation, releaseSessionPresentation } from "./operations";
import { NO_PRESENTATION } from "./session-presentation";

const PRS = "/v1/apps/calls/presentations/prs_1";
type Route = (request: Request) => Response | Promise<Response>;

const aBinding = (overrides: Partial<PresentationBinding> = {}): PresentationBinding => ({
  presentationId: "prs_1",
  userId: "usr_ada",
  grantId: GRANT_ID,
  mode: "video",
  participationIds: ["par_ada"],
  preparedAt: 0,
  ...overrides,
});

/** A signed-in session presenting prs_1, against a campus with the given routes. */
async function presenting(routes: Record<string, Route>) {
  const { deps, campus } = callDeps({ routes });
  const { credentials, sid } = await aCallSession(deps, { grantId: GRANT_ID });
  await deps.callState.setPresentation(sid, aBinding());
  return { deps, campus, credentials, sid, binding: () => deps.callState.getPresentation(sid) };
}

const heartbeatAnswering = (route: Route) => presenting({ [`POST ${PRS}/heartbeat`]: route });

beforeEach(() => void vi.spyOn(console, "warn").mockImplementation(() => undefined));

describe("spec 4: the presentation ID comes from the session, never from the page", () => {
  const appView = { status: "app", mode: "video", tiles: [{ tileId: "til_1", participationId: "par_ada", ready: true, visible: true }], restoredReason: null };

  it("commit goes to the session's presentation and answers it without its ID", async () => {
    const { deps, campus, credentials } = await presenting({ [`POST ${PRS}/commit`]: () => Response.json(aPresentation({ status: "app" })) });
    expect(await commitSessionPresentation(credentials, deps)).toEqual(appView);
    expect(callRequests(campus.requests)).toEqual([`POST ${PRS}/commit`]);
  });

  it("heartbeat goes to the session's presentation, and its answer carries the active grant: one campus request, no grant read", async () => {
    const { deps, campus, credentials } = await presenting({ [`POST ${PRS}/heartbeat`]: () => Response.json(aPresentation({ status: "app" })) });
    expect(await heartbeatSessionPresentation(credentials, deps)).toEqual({ ...appView, grant: { status: "active" } });
    expect(callRequests(campus.requests)).toEqual([`POST ${PRS}/heartbeat`]);
  });

  it.each([
    ["commit", commitSessionPresentation],
    ["heartbeat", heartbeatSessionPresentation],
  ] as const)("%s without a presentation is CALL_CONFLICT, at no cost to the campus", async (_operation, run) => {
    const { deps, campus } = callDeps();
    const { credentials } = await aCallSession(deps, { grantId: GRANT_ID });
    await expect(run(credentials, deps)).rejects.toMatchObject({ code: "CALL_CONFLICT", status: 409, message: NO_PRESENTATION });
    expect(campus.requests).toHaveLength(0);
  });

  it("another member's presentation under the same sid is not this member's", async () => {
    const { deps, campus } = callDeps();
    const { credentials, sid } = await aCallSession(deps, { grantId: GRANT_ID });
    await deps.callState.setPresentation(sid, aBinding({ userId: "usr_grace" }));
    await expect(heartbeatSessionPresentation(credentials, deps)).rejects.toMatchObject({ code: "CALL_CONFLICT" });
    await expect(releaseSessionPresentation(credentials, deps)).resolves.toEqual({ presentation: null });
    expect(campus.requests).toHaveLength(0);
  });

  it("needs calls:read", async () => {
    const { deps } = callDeps();
    const { credentials, sid } = await aCallSession(deps, { scopes: [], grantId: GRANT_ID });
    await deps.callState.setPresentation(sid, aBinding());
    await expect(heartbeatSessionPresentation(credentials, deps)).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});

describe("spec part 7: heartbeat errors are forwarded as they are", () => {
  it("409 after native restoration: the campus's code, status and message; the session forgets it", async () => {
    const message = "presentation restored (tilesUnready): prepare a new one";
    const { deps, credentials, binding } = await heartbeatAnswering(() => campusError("CALL_CONFLICT", 409, message));
    await expect(heartbeatSessionPresentation(credentials, deps)).rejects.toMatchObject({ code: "CALL_CONFLICT", status: 409, message });
    expect(await binding()).toBeUndefined();
  });

  it("401: stops, and the session forgets the presentation but keeps the grant", async () => {
    const { deps, credentials, sid, binding } = await heartbeatAnswering(() => campusError("INVALID_TOKEN", 401));
    await expect(heartbeatSessionPresentation(credentials, deps)).rejects.toMatchObject({ code: "INVALID_TOKEN", status: 401 });
    expect(await binding()).toBeUndefined();
    expect(await deps.callState.getGrant(sid)).toBeDefined();
  });

  it.each([["ACCESS_REVOKED"], ["APP_UNAVAILABLE"]])("%s: every stale binding is cleared", async (code) => {
    const { deps, credentials, sid, binding } = await heartbeatAnswering(() => campusError(code, 403));
    await expect(heartbeatSessionPresentation(credentials, deps)).rejects.toMatchObject({ code, status: 403 });
    expect(await binding()).toBeUndefined();
    expect(await deps.callState.getGrant(sid)).toBeUndefined();
  });

  it("FORBIDDEN (the grant is no longer active): forwarded, and the presentation forgotten", async () => {
    const { deps, credentials, binding } = await heartbeatAnswering(() => campusError("FORBIDDEN", 403, "no active grant"));
    await expect(heartbeatSessionPresentation(credentials, deps)).rejects.toMatchObject({ code: "FORBIDDEN", message: "no active grant" });
    expect(await binding()).toBeUndefined();
  });

  it.each([
    ["a 503", () => campusError("INTERNAL_SERVER_ERROR", 503)],
    ["a network failure", () => Promise.reject(new TypeError("fetch failed"))],
    ["a 429", () => campusError("RATE_LIMITED", 429, "slow down", { "Retry-After": "3" })],
  ])("%s is temporary: forwarded, and the presentation kept for the next beat", async (_name, route) => {
    const { deps, credentials, binding } = await heartbeatAnswering(route);
    await expect(heartbeatSessionPresentation(credentials, deps)).rejects.toMatchObject({ status: expect.any(Number) });
    expect(await binding()).toEqual(aBinding());
  });

  it("a final status in a 200 (released elsewhere) is forgotten too", async () => {
    const { deps, credentials, binding } = await heartbeatAnswering(() => Response.json(aPresentation({ status: "released", tiles: [] })));
    await expect(heartbeatSessionPresentation(credentials, deps)).resolves.toMatchObject({ status: "released" });
    expect(await binding()).toBeUndefined();
  });

  it("only the presentation that ended is forgotten: one prepared meanwhile stays", async () => {
    const meanwhile: { deps?: CallDeps } = {};
    const restored = await heartbeatAnswering(async () => {
      await meanwhile.deps?.callState.setPresentation("sid_1", aBinding({ presentationId: "prs_2" }));
      return campusError("CALL_CONFLICT", 409, "presentation restored (tileInvalid): prepare a new one");
    });
    meanwhile.deps = restored.deps;
    await expect(heartbeatSessionPresentation(restored.credentials, restored.deps)).rejects.toMatchObject({ status: 409 });
    expect(await restored.binding()).toMatchObject({ presentationId: "prs_2" });
  });
});

describe("spec 3 commit", () => {
  it("409 while tiles get ready keeps the presentation: the page tries again", async () => {
    const { deps, credentials, binding } = await presenting({ [`POST ${PRS}/commit`]: () => campusError("CALL_CONFLICT", 409, "Not every selected tile is ready and visible") });
    await expect(commitSessionPresentation(credentials, deps)).rejects.toMatchObject({ code: "CALL_CONFLICT", message: "Not every selected tile is ready and visible" });
    expect(await binding()).toEqual(aBinding());
  });

  it("answers commitRequested", async () => {
    const { deps, credentials } = await presenting({ [`POST ${PRS}/commit`]: () => Response.json(aPresentation()) });
    await expect(commitSessionPresentation(credentials, deps)).resolves.toMatchObject({ status: "commitRequested" });
  });
});

describe("spec 3 release", () => {
  it("returns the presentation to the host once; a second release has nothing to release", async () => {
    const { deps, campus, credentials, binding } = await presenting({ [`POST ${PRS}/release`]: () => Response.json(aPresentation({ status: "released", tiles: [] })) });
    await expect(releaseSessionPresentation(credentials, deps)).resolves.toEqual({ presentation: expect.objectContaining({ status: "released" }) });
    expect(await binding()).toBeUndefined();
    await expect(releaseSessionPresentation(credentials, deps)).resolves.toEqual({ presentation: null });
    expect(callRequests(campus.requests)).toEqual([`POST ${PRS}/release`]);
  });

  it("a restored presentation is released as it is, with its reason", async () => {
    const { deps, credentials } = await presenting({ [`POST ${PRS}/release`]: () => Response.json(aPresentation({ status: "restored", restoredReason: "memberLeft" })) });
    await expect(releaseSessionPresentation(credentials, deps)).resolves.toEqual({ presentation: expect.objectContaining({ status: "restored", restoredReason: "memberLeft" }) });
  });

  it("the session lets go even when the campus cannot be told", async () => {
    const { deps, credentials, binding } = await presenting({ [`POST ${PRS}/release`]: () => campusError("INTERNAL_SERVER_ERROR", 503) });
    await expect(releaseSessionPresentation(credentials, deps)).rejects.toMatchObject({ status: 503 });
    expect(await binding()).toBeUndefined();
  });
});
