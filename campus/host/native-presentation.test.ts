import { describe, expect, it } from "vitest";
import { readPanel } from "../test-support/call-scenarios";
import { operateOk, prepare, stagedCall } from "../test-support/presentation-scenarios";
import { createTestCampus, send } from "../test-support/test-campus";

describe("the campus page holds the native presentation of its tab and reports its visibility", () => {
  it("renders the native presentation container, full until an app presents", async () => {
    const html = await (await send(createTestCampus(), "GET", "/")).text();
    expect(html).toMatch(/data-testid="native-presentation" data-mode="full"/);
  });

  it.each(["tile.js", "tile.css"])("serves %s", async (name) => {
    expect((await send(createTestCampus(), "GET", `/assets/${name}`)).status).toBe(200);
  });

  it("holds the native presentation in the page script", async () => {
    expect(await (await send(createTestCampus(), "GET", "/assets/campus.js")).text()).toContain('"native-speaker"');
  });

  it("the page script reports document.visibilityState to POST /host/visibility", async () => {
    const script = await (await send(createTestCampus(), "GET", "/assets/campus.js")).text();
    expect(script).toContain('"/host/visibility"');
    expect(script).toContain("visibilitychange");
  });

  it("refuses a visibility report without a valid tab (400 BAD_REQUEST)", async () => {
    const response = await send(createTestCampus(), "POST", "/host/visibility", { json: { visible: false } });
    expect(response.status).toBe(400);
  });
});

describe("spec 4.9 audio only: the panel says incoming video is stopped while the app presents", () => {
  it("is compact and audio-only after the handoff of an audio-only presentation", async () => {
    const { ada } = await stagedCall();
    const presentationId = await prepare(ada, "audioOnly");
    await operateOk(ada, presentationId, "commit");
    expect((await readPanel(ada)).presentation).toEqual({ mode: "compact", audioOnly: true, restored: null });
  });

  it("stays full while the app is only preparing or committing", async () => {
    const { ada } = await stagedCall();
    const presentationId = await prepare(ada, "audioOnly");
    expect((await readPanel(ada)).presentation.mode).toBe("full");
    await operateOk(ada, presentationId, "release");
    expect((await readPanel(ada)).presentation).toEqual({ mode: "full", audioOnly: false, restored: null });
  });
});

describe("the tile script reports to the campus only", () => {
  it("posts to its own origin's report route and never to the app frame", async () => {
    const script = await (await send(createTestCampus(), "GET", "/assets/tile.js")).text();
    expect(script).toContain("/report`");
    expect(script).not.toContain("postMessage");
    expect(script).toContain("IntersectionObserver");
  });
});
