import { GRANT_ACTIVE_REFRESH_MS } from "@/lib/client/call/call-refresh";
import { HEARTBEAT_INTERVAL_MS } from "@/lib/client/presentation/heartbeat-loop";
import { expect, test } from "../support/fixtures";
import { adaAttachedWithSpeakers, present, presentationStatus } from "../support/presentation-setup";
import { appRequestsFlushed } from "../support/requests-flushed";
import { CAMPUS_API, CAMPUS_ORIGIN, startsWithOrigin } from "../support/origins";

const HEARTBEAT_ROUTE = "**/api/call/presentation/heartbeat";

// Spec 2 (Presentation, CallTile), 3 (presentation status), 4.9-4.10, 8.
test.describe("presentations and hosted tiles", () => {
  // Heartbeats and polls due in the pages are brought forward (`page.clock.fastForward`) where a
  // test would otherwise wait whole intervals; time flows as usual in between.
  test.use({ browserClock: true });

  test("a video presentation of several speakers reaches app and its tiles show video", async ({ control, openCampusAs }) => {
    const { ada } = await adaAttachedWithSpeakers(control, openCampusAs, 2);
    await present(ada, "video");
    await expect(presentationStatus(ada)).toHaveAttribute("data-status", "app");
    const tiles = ada.app.getByTestId("presentation-tile");
    await expect(tiles).toHaveCount(3);

    // Each tile is an ordinary child iframe of the app, served by the campus, rendering frames.
    for (const tile of await tiles.all()) {
      const src = await tile.getAttribute("src");
      expect(src).toMatch(startsWithOrigin(`${CAMPUS_ORIGIN}/tiles/`));
      expect(await tile.getAttribute("sandbox")).toBeNull();
      const video = ada.page.frameLocator(`[data-testid="app-frame"]`).frameLocator(`iframe[src="${src}"]`).getByTestId("tile");
      await expect(video).toHaveAttribute("data-ready", "true");
      const frames = Number(await video.getAttribute("data-frames"));
      await expect.poll(async () => Number(await video.getAttribute("data-frames"))).toBeGreaterThan(frames);
    }
    // The campus's native panel becomes a compact overlay after the handoff.
    await expect(ada.page.getByTestId("native-presentation")).toHaveAttribute("data-mode", "compact");
  });

  test("audio only needs no tiles and keeps speaker audio in the host; presenting costs one request per interval", async ({ control, openCampusAs }) => {
    const { ada } = await adaAttachedWithSpeakers(control, openCampusAs, 1);
    await present(ada, "audioOnly");
    await expect(presentationStatus(ada)).toHaveAttribute("data-status", "app");
    await expect(ada.app.getByTestId("presentation-tile")).toHaveCount(0);
    await expect(ada.page.getByTestId("presentation-audio-only")).toBeVisible();

    // The heartbeat answers for the grant while the presentation is live: no grant poll beside it.
    const requests: string[] = [];
    const record = (request: import("@playwright/test").Request) => {
      if (request.url().includes("/api/call/")) requests.push(new URL(request.url()).pathname);
    };
    // Two intervals brought forward, each beat answered before the next: the grant poll (every
    // GRANT_ACTIVE_REFRESH_MS) would have come due in between.
    ada.page.on("request", record);
    for (const beat of [1, 2]) {
      const answered = ada.page.waitForResponse((response) => response.url().endsWith("/api/call/presentation/heartbeat"));
      await ada.page.clock.fastForward(HEARTBEAT_INTERVAL_MS);
      expect((await answered).status(), `beat ${beat}`).toBe(200);
    }
    await appRequestsFlushed(ada.page, ada.app);
    ada.page.off("request", record);
    expect(2 * HEARTBEAT_INTERVAL_MS).toBeGreaterThan(GRANT_ACTIVE_REFRESH_MS);
    expect(requests.filter((path) => path === "/api/call/presentation/heartbeat").length).toBeGreaterThanOrEqual(2);
    expect(requests.filter((path) => path !== "/api/call/presentation/heartbeat")).toEqual([]);

    // Released, the page reads the grant again at once and polls it as before.
    const grantRead = ada.page.waitForRequest((request) => request.url().endsWith("/api/call/grant"));
    await ada.app.getByTestId("presentation-release").click();
    await grantRead;
  });

  test("fifteen seconds without heartbeat restore the native presentation, and the app recovers", async ({ control, openCampusAs }) => {
    const { ada } = await adaAttachedWithSpeakers(control, openCampusAs, 1);
    await present(ada, "video");
    await expect(presentationStatus(ada)).toHaveAttribute("data-status", "app");

    await ada.page.route(HEARTBEAT_ROUTE, (route) => route.abort());
    await control.advanceClock(16);
    await ada.page.clock.fastForward(HEARTBEAT_INTERVAL_MS);
    await expect(ada.page.getByTestId("presentation-restored")).toBeVisible();
    await ada.page.unroute(HEARTBEAT_ROUTE);
    // The app's next beat, brought forward, is refused: the host has the presentation back.
    await ada.page.clock.fastForward(HEARTBEAT_INTERVAL_MS);
    await expect(presentationStatus(ada)).toHaveAttribute("data-status", "restored");
    await expect(ada.app.getByTestId("presentation-tile")).toHaveCount(0);

    await ada.app.getByTestId("presentation-recover").click();
    await expect(presentationStatus(ada)).toHaveAttribute("data-status", "app");
  });

  test("a hidden campus tab pauses the fifteen seconds, and showing it gives fresh grace", async ({ control, openCampusAs }) => {
    const { ada } = await adaAttachedWithSpeakers(control, openCampusAs, 1);
    await present(ada, "audioOnly");
    await expect(presentationStatus(ada)).toHaveAttribute("data-status", "app");
    const tab = (await control.launches()).find((launch) => launch.username === "ada" && launch.current)!.tabId;

    await ada.page.route(HEARTBEAT_ROUTE, (route) => route.abort());
    await control.setTabVisible(tab, false);
    await control.advanceClock(60);
    expect((await control.presentations()).map((p) => p.status)).toContain("app");

    await control.setTabVisible(tab, true);
    await control.advanceClock(14);
    expect((await control.presentations()).map((p) => p.status)).toContain("app");
    await control.advanceClock(2);
    expect((await control.presentations()).find((p) => p.status === "restored")?.restoredReason).toBe("heartbeatMissed");
  });

  test("a reload prepares a fresh presentation, and the old tile URLs are refused", async ({ control, openCampusAs, request }) => {
    const { ada } = await adaAttachedWithSpeakers(control, openCampusAs, 1);
    await present(ada, "video");
    await expect(presentationStatus(ada)).toHaveAttribute("data-status", "app");
    const oldUrls = await ada.app.getByTestId("presentation-tile").evaluateAll((tiles) => tiles.map((t) => t.getAttribute("src")!));

    await ada.page.reload();
    await ada.expectState("signed-in");
    await ada.attachToCall();
    await expect(ada.app.getByTestId("presentation-tile")).toHaveCount(0);
    await present(ada, "video");
    await expect(presentationStatus(ada)).toHaveAttribute("data-status", "app");
    const newUrls = await ada.app.getByTestId("presentation-tile").evaluateAll((tiles) => tiles.map((t) => t.getAttribute("src")!));
    for (const url of oldUrls) {
      expect(newUrls).not.toContain(url);
      const response = await request.get(url.replace(CAMPUS_ORIGIN, CAMPUS_API));
      expect(response.status()).toBe(410);
    }
  });

  test("revoking consent stops the heartbeat within one interval", async ({ control, openCampusAs }) => {
    const { ada } = await adaAttachedWithSpeakers(control, openCampusAs, 1);
    await present(ada, "audioOnly");
    await expect(presentationStatus(ada)).toHaveAttribute("data-status", "app");
    const isBeat = (url: string) => url.endsWith("/api/call/presentation/heartbeat");
    const refused = ada.page.waitForResponse((response) => isBeat(response.url()) && response.status() === 403);
    const beatsSinceRevoked: string[] = [];
    let revoked = false;
    ada.page.on("request", (request) => {
      if (revoked && isBeat(request.url())) beatsSinceRevoked.push(request.url());
    });
    await control.revokeConsent("ada");
    revoked = true;
    // The beat of the next interval (brought forward) learns of it, a forwarded 403, and is the last.
    await ada.page.clock.fastForward(HEARTBEAT_INTERVAL_MS);
    await refused;
    // The page has taken the refusal in before the clock moves on: a beat it wrongly set is then due.
    await expect(ada.app.getByTestId("call-access-lost")).toBeVisible();
    for (let interval = 0; interval < 2; interval++) await ada.page.clock.fastForward(HEARTBEAT_INTERVAL_MS);
    await appRequestsFlushed(ada.page, ada.app);
    expect(beatsSinceRevoked.length).toBeLessThanOrEqual(1);
  });

  test("a non-speaker tile and a seventh tile are refused with the reason shown", async ({ control, openCampusAs }) => {
    const { callId, ada } = await adaAttachedWithSpeakers(control, openCampusAs, 5);
    const [listener] = await control.addSimulatedMembers(callId, 1);
    await expect(ada.rosterRow("sim_06")).toBeVisible();
    const panel = ada.app.getByTestId("presentation");
    await panel.getByTestId("presentation-any-participant").check();

    await present(ada, "video", [listener!]);
    await expect(panel.getByTestId("presentation-error")).toContainText(/speaker/i);

    // Ada, five simulated speakers and the listener: seven tiles asked for.
    for (const box of await panel.getByTestId("presentation-speaker").all()) await box.uncheck();
    await present(ada, "video");
    await expect(panel.getByTestId("presentation-speaker").and(ada.app.locator(":checked"))).toHaveCount(7);
    await expect(panel.getByTestId("presentation-error")).toContainText(/6|six/i);
  });
});
