import { describe, expect, it } from "vitest";
import { presentingCall, readControlPresentation, setTabVisibility } from "../test-support/presentation-scenarios";
import { readError, readJson, send } from "../test-support/test-campus";

describe("GET /control/presentations", () => {
  it("lists status, mode, tiles with readiness, the tab's visibility and the last heartbeat", async () => {
    const { campus, presentationId, speakerId, tile } = await presentingCall();
    expect(await readControlPresentation(campus, presentationId)).toMatchObject({
      username: "ada",
      status: "app",
      mode: "video",
      restoredReason: null,
      tabVisible: true,
      lastHeartbeatAt: "2030-01-01T00:00:00.000Z",
      tiles: [{ tileId: tile.tileId, participationId: speakerId, username: "sim_01", ready: true, visible: true, urlUsed: true }],
    });
  });
});

describe("POST /control/tabs/{tabId}/visibility", () => {
  it("hides and shows a campus tab", async () => {
    const { campus, ada, presentationId } = await presentingCall();
    expect(await readJson(await setTabVisibility(campus, ada.tabId, false))).toEqual({ tabId: ada.tabId, visible: false });
    expect((await readControlPresentation(campus, presentationId)).tabVisible).toBe(false);
  });

  it("refuses a malformed tab ID or body with 400", async () => {
    const { campus } = await presentingCall();
    expect(await readError(await setTabVisibility(campus, "short", false))).toEqual({ status: 400, code: "BAD_USER_INPUT" });
    expect(await readError(await send(campus, "POST", "/control/tabs/tab-ada-1/visibility", { json: { hidden: true } }))).toEqual({ status: 400, code: "BAD_USER_INPUT" });
  });
});

describe("POST /control/reset clears presentations, tiles and tab visibility", () => {
  it("leaves no presentation behind", async () => {
    const { campus, ada, tile } = await presentingCall();
    await setTabVisibility(campus, ada.tabId, false);
    await send(campus, "POST", "/control/reset", { json: {} });
    expect(await readJson(await send(campus, "GET", "/control/presentations"))).toEqual({ presentations: [] });
    expect(campus.context.state.tabs.isVisible(ada.tabId)).toBe(true);
    expect((await send(campus, "POST", `/tiles/${tile.tileId}/report`, { json: { secret: tile.secret, ready: true, visible: true } })).status).toBe(403);
  });
});
