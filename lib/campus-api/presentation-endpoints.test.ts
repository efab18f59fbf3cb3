import { beforeEach, describe, expect, it, vi } from "vitest";
import { aPresentation, campusError } from "@/lib/testing/call-fixtures";
import { aCampusApi, fakeCampusFetch, hangingCampusFetch, settlesAt } from "@/lib/testing/fixtures";
import { createCampusApi } from "./client";
import { PRESENTATION_ATTEMPT_TIMEOUT_MS } from "./presentation-endpoints";
import { CAMPUS_UNAVAILABLE } from "./request";

const unavailable = expect.objectContaining({ code: "INTERNAL_SERVER_ERROR", status: 503, message: CAMPUS_UNAVAILABLE });
const PRS = "/v1/apps/calls/presentations/prs_1";

/** A campus whose presentation endpoints answer `body`, recording requests. */
function campusAnswering(body: unknown, init: ResponseInit = {}) {
  const answer = () => Response.json(body, init);
  const campus = fakeCampusFetch({
    "POST /v1/apps/calls/grants/grt_1/presentations": answer,
    [`POST ${PRS}/tiles`]: answer,
    [`POST ${PRS}/commit`]: answer,
    [`POST ${PRS}/heartbeat`]: answer,
    [`POST ${PRS}/release`]: answer,
  });
  return { api: aCampusApi(campus.fetch), requests: campus.requests };
}

beforeEach(() => void vi.spyOn(console, "warn").mockImplementation(() => undefined));

describe("spec 2 CallPrepare: prepare", () => {
  it("posts `{ mode }` to the grant with the bearer token and answers `preparing`", async () => {
    const { api, requests } = campusAnswering({ presentationId: "prs_1", status: "preparing" });
    await expect(api.preparePresentation("tok", "grt_1", "audioOnly")).resolves.toEqual({ presentationId: "prs_1", status: "preparing" });
    expect(requests[0]?.url).toBe("http://campus.test/v1/apps/calls/grants/grt_1/presentations");
    expect(requests[0]?.headers.get("authorization")).toBe("Bearer tok");
    expect(await requests[0]?.json()).toEqual({ mode: "audioOnly" });
  });

  it.each([
    [{ presentationId: "prs_1", status: "app" }],
    [{ presentationId: "prs_1", status: "preparing", tiles: [] }],
    [{ status: "preparing" }],
  ])("rejects an answer off the contract as 503: %o", async (body) => {
    await expect(campusAnswering(body).api.preparePresentation("tok", "grt_1", "video")).rejects.toEqual(unavailable);
  });

  it("never sends a mode off the contract", async () => {
    const { api, requests } = campusAnswering({ presentationId: "prs_1", status: "preparing" });
    const mode = JSON.parse('"hologram"');
    await expect(api.preparePresentation("tok", "grt_1", mode)).rejects.toMatchObject({ code: "BAD_USER_INPUT" });
    expect(requests).toHaveLength(0);
  });
});

describe("spec 2 CallTile: a tile", () => {
  it("posts `{ participationId, fit, label }` and answers `{ tileId, url }`", async () => {
    const { api, requests } = campusAnswering({ tileId: "til_1", url: "/tiles/abc" });
    await expect(api.requestTile("tok", "prs_1", { participationId: "par_ada", fit: "cover", label: true })).resolves.toEqual({ tileId: "til_1", url: "/tiles/abc" });
    expect(requests[0]?.url).toBe(`http://campus.test${PRS}/tiles`);
    expect(await requests[0]?.json()).toEqual({ participationId: "par_ada", fit: "cover", label: true });
  });

  it("rejects an answer with more than the tile and its URL as 503", async () => {
    const body = { tileId: "til_1", url: "/tiles/abc", token: "x" };
    await expect(campusAnswering(body).api.requestTile("tok", "prs_1", { participationId: "p", fit: "cover", label: false })).rejects.toEqual(unavailable);
  });

  it("keeps the campus's refusal of a non-speaker: 400 and its message", async () => {
    const { api } = campusAnswering({ error: { code: "BAD_USER_INPUT", message: "bad speaker selection: not a speaker" } }, { status: 400 });
    await expect(api.requestTile("tok", "prs_1", { participationId: "par_x", fit: "cover", label: true })).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
      status: 400,
      message: "bad speaker selection: not a speaker",
    });
  });
});

describe("spec 4: commit, heartbeat and release take no body at all", () => {
  const operations = [
    ["commit", (api: ReturnType<typeof aCampusApi>) => api.commitPresentation("tok", "prs_1")],
    ["heartbeat", (api: ReturnType<typeof aCampusApi>) => api.heartbeatPresentation("tok", "prs_1")],
    ["release", (api: ReturnType<typeof aCampusApi>) => api.releasePresentation("tok", "prs_1")],
  ] as const;

  it.each(operations)("%s: POST with no body and no Content-Type, answering the presentation", async (operation, run) => {
    const { api, requests } = campusAnswering(aPresentation());
    await expect(run(api)).resolves.toEqual(aPresentation());
    expect(requests[0]?.method).toBe("POST");
    expect(requests[0]?.url).toBe(`http://campus.test${PRS}/${operation}`);
    expect(requests[0]?.headers.get("content-type")).toBeNull();
    expect(await requests[0]?.text()).toBe("");
  });

  it.each(operations)("%s: a presentation off the contract is 503", async (_operation, run) => {
    await expect(run(campusAnswering({ ...aPresentation(), status: "done" }).api)).rejects.toEqual(unavailable);
    await expect(run(campusAnswering({ ...aPresentation(), url: "/tiles/x" }).api)).rejects.toEqual(unavailable);
  });

  it.each(operations)("%s: the answer about another presentation is 503", async (_operation, run) => {
    await expect(run(campusAnswering(aPresentation({ presentationId: "prs_2" })).api)).rejects.toEqual(unavailable);
  });

  it("keeps a restored presentation's 409 and its message", async () => {
    const campus = fakeCampusFetch({ [`POST ${PRS}/heartbeat`]: () => campusError("CALL_CONFLICT", 409, "presentation restored (heartbeatMissed): prepare a new one") });
    await expect(aCampusApi(campus.fetch).heartbeatPresentation("tok", "prs_1")).rejects.toMatchObject({
      code: "CALL_CONFLICT",
      status: 409,
      message: "presentation restored (heartbeatMissed): prepare a new one",
    });
  });

  it("a heartbeat waits less than the interval, so a hanging campus never holds up the next beat", async () => {
    expect(PRESENTATION_ATTEMPT_TIMEOUT_MS).toBeLessThan(5_000);
    const api = createCampusApi({ baseUrl: "http://campus.test", clientId: "c", clientSecret: "s", fetch: hangingCampusFetch, timeoutMs: 60_000 });
    expect(await settlesAt(PRESENTATION_ATTEMPT_TIMEOUT_MS, () => api.heartbeatPresentation("tok", "prs_1"))).toEqual(unavailable);
  });

  it("encodes the ID as one path segment", async () => {
    const campus = fakeCampusFetch({});
    await aCampusApi(campus.fetch).releasePresentation("tok", "a/../b").catch(() => undefined);
    expect(campus.requests[0]?.url).toBe("http://campus.test/v1/apps/calls/presentations/a%2F..%2Fb/release");
  });
});
