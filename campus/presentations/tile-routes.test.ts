import { describe, expect, it } from "vitest";
import { operateOk, prepare, getTile, loadTile, reportTile, requestTile, stagedCall } from "../test-support/presentation-scenarios";
import { readError, readJson, send } from "../test-support/test-campus";

const frameAncestors = (response: Response) =>
  (response.headers.get("Content-Security-Policy") ?? "")
    .split(";")
    .map((directive) => directive.trim())
    .find((directive) => directive.startsWith("frame-ancestors"));

describe("spec 4.10: a tile URL is one-use", () => {
  it("serves the tile document once; a reload or another window gets a 410 page that says so", async () => {
    const { campus, ada, speakerId } = await stagedCall();
    const { url } = await requestTile(ada, await prepare(ada), speakerId);
    const first = await getTile(campus, url);
    expect(first.status).toBe(200);
    expect(first.headers.get("Content-Type")).toMatch(/^text\/html/);
    const again = await getTile(campus, url);
    expect(again.status).toBe(410);
    const page = await again.text();
    expect(page).toContain('data-testid="tile-error"');
    expect(page).toContain("already used");
  });

  it("refuses the URL of an ended presentation", async () => {
    const { campus, ada, speakerId } = await stagedCall();
    const presentationId = await prepare(ada);
    const { url } = await requestTile(ada, presentationId, speakerId);
    await operateOk(ada, presentationId, "release");
    const response = await getTile(campus, url);
    expect(response.status).toBe(410);
    expect(await response.text()).toContain("presentation has ended");
  });
});

describe("spec 4.10: tile embedding headers permit only the registered app and the campus origin", () => {
  it.each([["a tile document", true], ["the refusal page", false]])("%s: frame-ancestors exactly app + campus, no X-Frame-Options, private no-store", async (_name, fresh) => {
    const { campus, ada, speakerId } = await stagedCall();
    const { url } = await requestTile(ada, await prepare(ada), speakerId);
    if (!fresh) await getTile(campus, url);
    const response = await getTile(campus, url);
    expect(frameAncestors(response)).toBe("frame-ancestors http://app.test:3000 http://campus.localhost:4000");
    expect(response.headers.get("X-Frame-Options")).toBeNull();
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("Content-Security-Policy")).toContain("script-src 'self'");
  });
});

describe("the tile document shows its speaker's video, with the label and fit asked for", () => {
  it("labels a generated video with the speaker's name and honours fit", async () => {
    const { campus, ada, speakerId } = await stagedCall();
    const presentationId = await prepare(ada);
    const labelled = await loadTile(campus, (await requestTile(ada, presentationId, speakerId, { fit: "contain", label: true })).url);
    expect(labelled.html).toMatch(/data-testid="tile"[^>]*data-fit="contain"[^>]*data-source="generated"/);
    expect(labelled.html).toContain('data-testid="tile-label">Simulated member 1<');
    expect(labelled.html).toContain('data-testid="tile-video"');
    const self = await loadTile(campus, (await requestTile(ada, presentationId, ada.participationId, { label: false })).url);
    expect(self.html).toContain('data-source="self"');
    expect(self.html).not.toContain('data-testid="tile-label"');
    expect(self.html).toContain('"frameRate":{"max":24}');
  });

  it("carries no app credential: only the tile's own report secret", async () => {
    const { campus, ada, speakerId } = await stagedCall();
    const tile = await loadTile(campus, (await requestTile(ada, await prepare(ada), speakerId)).url);
    expect(tile.html).not.toContain(ada.accessToken);
    expect(tile.html).not.toContain(ada.grantId);
    expect(tile.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe("spec 6: trusted tile code reports readiness to the campus, authenticated by the tile's secret", () => {
  it("accepts the document's secret and answers whether the tile is active and the speaker's camera", async () => {
    const { campus, ada, speakerId } = await stagedCall();
    const tile = await loadTile(campus, (await requestTile(ada, await prepare(ada), speakerId)).url);
    const response = await reportTile(tile);
    expect(response.status).toBe(200);
    expect(await readJson(response)).toEqual({ active: true, camera: true });
  });

  it("refuses a wrong secret, an unknown tile and the secret of a replaced document with 403", async () => {
    const { campus, ada, speakerId } = await stagedCall();
    const presentationId = await prepare(ada);
    const tile = await loadTile(campus, (await requestTile(ada, presentationId, speakerId)).url);
    expect(await readError(await reportTile(tile, undefined, "x".repeat(43)))).toEqual({ status: 403, code: "FORBIDDEN" });
    expect(await readError(await reportTile({ ...tile, tileId: "til_unknown" }))).toEqual({ status: 403, code: "FORBIDDEN" });
    const replaced = await loadTile(campus, (await requestTile(ada, presentationId, speakerId)).url);
    expect(await readError(await reportTile(tile))).toEqual({ status: 403, code: "FORBIDDEN" });
    expect((await reportTile(replaced)).status).toBe(200);
  });

  it("refuses a malformed report with 400 BAD_REQUEST", async () => {
    const { campus } = await stagedCall();
    const response = await send(campus, "POST", "/tiles/til_x/report", { json: { secret: "s", ready: "yes", visible: true } });
    expect(await readError(response)).toEqual({ status: 400, code: "BAD_REQUEST" });
  });

  it("tells the tile of a released presentation that it has ended", async () => {
    const { campus, ada, speakerId } = await stagedCall();
    const presentationId = await prepare(ada);
    const tile = await loadTile(campus, (await requestTile(ada, presentationId, speakerId)).url);
    await operateOk(ada, presentationId, "release");
    expect(await readJson(await reportTile(tile))).toEqual({ active: false, camera: true });
  });
});
