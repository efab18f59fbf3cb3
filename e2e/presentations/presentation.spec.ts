import { expect, test } from "../support/fixtures";
import { adaAttachedWithSpeakers, present, presentationStatus } from "../support/presentation-setup";
import { CAMPUS_API, CAMPUS_ORIGIN, startsWithOrigin } from "../support/origins";

const HEARTBEAT_ROUTE = "**/api/call/presentation/heartbeat";

// Spec 2 (Presentation, CallTile), 3 (presentation status), 4.9-4.10, 8.
test.describe("presentations and hosted tiles", () => {
  test("a video presentation of several speakers reaches app and its tiles show video", async ({ control, openCampusAs }) => {
    const { ada } = await adaAttachedWithSpeakers(control, openCampusAs, 2);
    await present(ada, "video");
    await expect(presentationStatus(ada)).toHaveAttribute("data-status", "app", { timeout: 20_000 });
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
    await expect(presentationStatus(ada)).toHaveAttribute("data-status", "app", { timeout: 15_000 });
    await expect(ada.app.getByTestId("presentation-tile")).toHaveCount(0);
    await expect(ada.page.getByTestId("presentation-audio-only")).toBeVisible();

    // The heartbeat answers for the grant while the presentation is live: no grant poll beside it.
    const requests: string[] = [];
    const record = (request: import("@playwright/test").Request) => {
      if (request.url().includes("/api/call/")) requests.push(new URL(request.url()).pathname);
    };
    ada.page.on("request", record);
    await ada.page.waitForTimeout(11_000);
    ada.page.off("request", record);
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
    await expect(presentationStatus(ada)).toHaveAttribute("data-status", "app", { timeout: 20_000 });

    await ada.page.route(HEARTBEAT_ROUTE, (route) => route.abort());
    await control.advanceClock(16);
    await expect(ada.page.getByTestId("presentation-restored")).toBeVisible();
    await ada.page.unroute(HEARTBEAT_ROUTE);
    await expect(presentationStatus(ada)).toHaveAttribute("data-status", "restored", { timeout: 20_000 });
    await expect(ada.app.getByTestId("presentation-tile")).toHaveCount(0);

    await ada.app.getByTestId("presentation-recover").click();
    await expect(presentationStatus(ada)).toHaveAttribute("data-status", "app", { timeout: 20_000 });
  });

  test("a hidden campus tab pauses the fifteen seconds, and showing it gives fresh grace", async ({ control, openCampusAs }) => {
    const { ada } = await adaAttachedWithSpeakers(control, openCampusAs, 1);
    await present(ada, "audioOnly");
    await expect(presentationStatus(ada)).toHaveAttribute("data-status", "app", { timeout: 15_000 });
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
    await expect(presentationStatus(ada)).toHaveAttribute("data-status", "app", { timeout: 20_000 });
    const oldUrls = await ada.app.getByTestId("presentation-tile").evaluateAll((tiles) => tiles.map((t) => t.getAttribute("src")!));

    await ada.page.reload();
    await ada.expectState("signed-in");
    await ada.attachToCall();
    await expect(ada.app.getByTestId("presentation-tile")).toHaveCount(0);
    await present(ada, "video");
    await expect(presentationStatus(ada)).toHaveAttribute("data-status", "app", { timeout: 20_000 });
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
    await expect(presentationStatus(ada)).toHaveAttribute("data-status", "app", { timeout: 15_000 });
    const beats: number[] = [];
    ada.page.on("request", (r) => {
      if (r.url().endsWith("/api/call/presentation/heartbeat")) beats.push(Date.now());
    });
    const revokedAt = Date.now();
    await control.revokeConsent("ada");
    await ada.page.waitForTimeout(12_000);
    // At most the one heartbeat that learns of the revocation, within one five-second interval.
    expect(beats.length).toBeLessThanOrEqual(1);
    for (const at of beats) expect(at - revokedAt).toBeLessThan(5_500);
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
