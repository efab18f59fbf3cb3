import { beforeEach, describe, expect, it, vi } from "vitest";
import { NO_GRANT } from "@/lib/calls/with-call";
import { GRANT_ID, aCallSession, callDeps, callRequests, campusError } from "@/lib/testing/call-fixtures";
import { CAMPUS_ORIGIN } from "@/lib/testing/fixtures";
import { startPresentation } from "./start-presentation";

const PREPARE = `POST /v1/apps/calls/grants/${GRANT_ID}/presentations`;
const TILES = "POST /v1/apps/calls/presentations/prs_1/tiles";
const released = (presentationId: string) => () =>
  Response.json({ presentationId, status: "released", mode: "video", tiles: [], restoredReason: null });

/** A campus that prepares prs_1 and gives each tile a URL path of its participation. */
function presentingCampus(routes: Record<string, (request: Request) => Response | Promise<Response>> = {}) {
  return callDeps({
    routes: {
      [PREPARE]: () => Response.json({ presentationId: "prs_1", status: "preparing" }),
      [TILES]: async (request) => {
        const { participationId } = await request.json();
        return Response.json({ tileId: `til_${participationId}`, url: `/tiles/token-of-${participationId}` });
      },
      "POST /v1/apps/calls/presentations/prs_1/release": released("prs_1"),
      "POST /v1/apps/calls/presentations/prs_old/release": released("prs_old"),
      ...routes,
    },
  });
}

beforeEach(() => void vi.spyOn(console, "warn").mockImplementation(() => undefined));

describe("spec 3 prepare and 4.10: starting a presentation", () => {
  it("checks userinfo, prepares for the session's grant and asks one tile per speaker, in order", async () => {
    const { deps, campus } = presentingCampus();
    const { credentials } = await aCallSession(deps, { grantId: GRANT_ID });
    await startPresentation(credentials, { mode: "video", participationIds: ["par_ada", "par_grace"] }, deps);
    expect(campus.requests.map((request) => new URL(request.url).pathname)[0]).toBe("/v1/apps/userinfo");
    expect(callRequests(campus.requests)).toEqual([PREPARE, TILES, TILES]);
    const bodies = await Promise.all(campus.requests.slice(1).map((request) => request.clone().json()));
    expect(bodies).toEqual([
      { mode: "video" },
      { participationId: "par_ada", fit: "cover", label: true },
      { participationId: "par_grace", fit: "cover", label: true },
    ]);
  });

  it("returns each tile URL once, absolute on the session's campus origin, and never the presentation ID", async () => {
    const { deps } = presentingCampus();
    const { credentials } = await aCallSession(deps, { grantId: GRANT_ID });
    const result = await startPresentation(credentials, { mode: "video", participationIds: ["par_ada"] }, deps);
    expect(result).toEqual({
      status: "preparing",
      mode: "video",
      tiles: [{ tileId: "til_par_ada", participationId: "par_ada", url: `${CAMPUS_ORIGIN}/tiles/token-of-par_ada` }],
    });
    expect(JSON.stringify(result)).not.toContain("prs_1");
  });

  it("keeps the presentation ID and the selection in the session, never a tile URL", async () => {
    const { deps } = presentingCampus();
    const { credentials, sid } = await aCallSession(deps, { grantId: GRANT_ID });
    await startPresentation(credentials, { mode: "video", participationIds: ["par_ada"] }, deps);
    const binding = await deps.callState.getPresentation(sid);
    expect(binding).toEqual({ presentationId: "prs_1", userId: "usr_ada", grantId: GRANT_ID, mode: "video", participationIds: ["par_ada"], preparedAt: expect.any(Number) });
    expect(JSON.stringify(binding)).not.toContain("/tiles/");
  });

  it("audio only asks for no tiles", async () => {
    const { deps, campus } = presentingCampus();
    const { credentials } = await aCallSession(deps, { grantId: GRANT_ID });
    await expect(startPresentation(credentials, { mode: "audioOnly", participationIds: [] }, deps)).resolves.toEqual({ status: "preparing", mode: "audioOnly", tiles: [] });
    expect(callRequests(campus.requests)).toEqual([PREPARE]);
  });

  it("releases the session's previous presentation first: a released ID is never used again", async () => {
    const { deps, campus } = presentingCampus();
    const { credentials, sid } = await aCallSession(deps, { grantId: GRANT_ID });
    await deps.callState.setPresentation(sid, { presentationId: "prs_old", userId: "usr_ada", grantId: GRANT_ID, mode: "video", participationIds: ["par_ada"], preparedAt: 0 });
    await startPresentation(credentials, { mode: "video", participationIds: ["par_grace"] }, deps);
    expect(callRequests(campus.requests)).toEqual(["POST /v1/apps/calls/presentations/prs_old/release", PREPARE, TILES]);
    expect(await deps.callState.getPresentation(sid)).toMatchObject({ presentationId: "prs_1", participationIds: ["par_grace"] });
  });

  it("a failed release of the previous one does not stop the new one (the host takes it back anyway)", async () => {
    const { deps } = presentingCampus({ "POST /v1/apps/calls/presentations/prs_old/release": () => campusError("INTERNAL_SERVER_ERROR", 503) });
    const { credentials, sid } = await aCallSession(deps, { grantId: GRANT_ID });
    await deps.callState.setPresentation(sid, { presentationId: "prs_old", userId: "usr_ada", grantId: GRANT_ID, mode: "video", participationIds: [], preparedAt: 0 });
    await expect(startPresentation(credentials, { mode: "audioOnly", participationIds: [] }, deps)).resolves.toMatchObject({ status: "preparing" });
  });

  it("another member's presentation under the same sid is dropped, not released with this member's token", async () => {
    const { deps, campus } = presentingCampus();
    const { credentials, sid } = await aCallSession(deps, { grantId: GRANT_ID });
    await deps.callState.setPresentation(sid, { presentationId: "prs_old", userId: "usr_grace", grantId: "grt_9", mode: "video", participationIds: [], preparedAt: 0 });
    await startPresentation(credentials, { mode: "audioOnly", participationIds: [] }, deps);
    expect(callRequests(campus.requests)).toEqual([PREPARE]);
  });

  it("without a grant, answers CALL_CONFLICT and asks the campus nothing", async () => {
    const { deps, campus } = presentingCampus();
    const { credentials } = await aCallSession(deps);
    await expect(startPresentation(credentials, { mode: "video", participationIds: [] }, deps)).rejects.toMatchObject({ code: "CALL_CONFLICT", message: NO_GRANT });
    expect(campus.requests).toHaveLength(0);
  });

  it("needs calls:read", async () => {
    const { deps, campus } = presentingCampus();
    const { credentials } = await aCallSession(deps, { scopes: [], grantId: GRANT_ID });
    await expect(startPresentation(credentials, { mode: "video", participationIds: [] }, deps)).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(campus.requests).toHaveLength(0);
  });
});

describe("spec 4.9 and part 7: a refused tile abandons the new presentation", () => {
  it("a non-speaker: the campus's 400 and message go to the page; the presentation is released and forgotten", async () => {
    const { deps, campus } = presentingCampus({ [TILES]: () => campusError("BAD_USER_INPUT", 400, "bad speaker selection: not a current speaker") });
    const { credentials, sid } = await aCallSession(deps, { grantId: GRANT_ID });
    await expect(startPresentation(credentials, { mode: "video", participationIds: ["par_audience"] }, deps)).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
      status: 400,
      message: "bad speaker selection: not a current speaker",
    });
    expect(callRequests(campus.requests)).toEqual([PREPARE, TILES, "POST /v1/apps/calls/presentations/prs_1/release"]);
    expect(await deps.callState.getPresentation(sid)).toBeUndefined();
  });

  it.each([["an absolute URL", "https://evil.example/tiles/x"], ["a scheme-relative URL", "//evil.example/tiles/x"], ["the campus origin spelled out", `${CAMPUS_ORIGIN}/tiles/x`]])(
    "a tile URL that is %s is off the contract: 503, nothing reaches the page",
    async (_name, url) => {
      const { deps, campus } = presentingCampus({ [TILES]: () => Response.json({ tileId: "til_1", url }) });
      const { credentials, sid } = await aCallSession(deps, { grantId: GRANT_ID });
      await expect(startPresentation(credentials, { mode: "video", participationIds: ["par_ada"] }, deps)).rejects.toMatchObject({ status: 503 });
      expect(callRequests(campus.requests).at(-1)).toBe("POST /v1/apps/calls/presentations/prs_1/release");
      expect(await deps.callState.getPresentation(sid)).toBeUndefined();
    },
  );

  it("access loss on prepare clears the session's call state", async () => {
    const { deps } = presentingCampus({ [PREPARE]: () => campusError("ACCESS_REVOKED", 403) });
    const { credentials, sid } = await aCallSession(deps, { grantId: GRANT_ID });
    await expect(startPresentation(credentials, { mode: "video", participationIds: [] }, deps)).rejects.toMatchObject({ code: "ACCESS_REVOKED" });
    expect(await deps.callState.getGrant(sid)).toBeUndefined();
  });
});

