import type { Browser, Page } from "@playwright/test";
import { EVERY_KIND } from "../activities/kinds";
import { kindView, membersInOneActivity } from "../activities/kinds/kind-descriptor";
import { CampusPage } from "../support/campus-page";
import { expect, test } from "../support/fixtures";
import { recordLoginTraffic } from "../support/login-traffic";
import { adaAttachedWithSpeakers, present, presentationStatus } from "../support/presentation-setup";

/*
 * The paths that break when the app page sends `ready` more than once per document: the campus
 * answers a later `ready` with a new launch (the app reloaded), which ends the launch the page
 * mounted, and with it an invitation-bound activity entry. React StrictMode runs effects twice in
 * `next dev`, so these run against the development server too (playwright.dev.config.ts).
 */

type ReadyCounter = { readyMessages: number };

/** Counts the `ready` requests that reach the campus page from any frame. */
async function countReadyMessages(page: Page) {
  await page.addInitScript(() => {
    const counter = window as unknown as ReadyCounter;
    counter.readyMessages = 0;
    window.addEventListener("message", (event) => {
      const data: unknown = event.data;
      if (typeof data === "object" && data !== null && "method" in data && data.method === "ready") counter.readyMessages += 1;
    });
  });
}

function readyMessages(page: Page) {
  return page.evaluate(() => (window as unknown as ReadyCounter).readyMessages);
}

/** A campus page in its own browser that counts `ready` messages from the start. */
async function openCountingCampus(browser: Browser, member: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await countReadyMessages(page);
  const campus = new CampusPage(page);
  await campus.goto(member);
  return campus;
}

test.describe("one ready per app document @dev", () => {
  test("login: the app sends one ready and signs in with the launch the page mounted @dev", async ({ control, browser }) => {
    void control;
    const campus = await openCountingCampus(browser, "ada");
    const traffic = recordLoginTraffic(campus.page);
    await campus.signIn();
    expect(await readyMessages(campus.page)).toBe(1);
    expect(traffic.logins).toHaveLength(1);
    await expect(campus.page.getByTestId("launch-id")).toHaveText(traffic.logins[0]!.launchId);
    await campus.page.context().close();
  });

  test("reload: a reloaded app document sends one ready and logs in with a new launch @dev", async ({ control, browser }) => {
    void control;
    const campus = await openCountingCampus(browser, "ada");
    const traffic = recordLoginTraffic(campus.page);
    await campus.signIn();
    const frame = campus.page.frame({ name: "app" })!;
    await frame.evaluate(() => location.reload());
    await expect.poll(() => traffic.logins.length).toBe(2);
    await campus.expectState("signed-in");
    expect(await readyMessages(campus.page)).toBe(2);
    expect(traffic.logins[1]!.launchId).not.toBe(traffic.logins[0]!.launchId);
    await expect(campus.page.getByTestId("launch-id")).toHaveText(traffic.logins[1]!.launchId);
    await campus.page.context().close();
  });

  test("activity invitation: an invited member joins the shared activity @dev", async ({ control, browser }) => {
    const contexts: Awaited<ReturnType<Browser["newContext"]>>[] = [];
    const open = async (member: string) => {
      const campus = await openCountingCampus(browser, member);
      contexts.push(campus.page.context());
      return campus;
    };
    const descriptor = EVERY_KIND[0]!;
    const { guest } = await membersInOneActivity(control, open, descriptor);
    await expect(kindView(guest, descriptor.kind)).toHaveAttribute("data-role", "guest");
    await expect(guest.app.getByTestId("activity-label")).toHaveText(descriptor.label);
    await Promise.all(contexts.map((context) => context.close()));
  });
});

test.describe("the Pages router's heartbeat in development @dev", () => {
  // The heartbeat is the one Pages API route (lib/http/node-route.ts): the development server
  // compiles it apart from the App Router's routes, with its own module resolution.
  test("an audio-only presentation reaches the app and its heartbeats are answered @dev", async ({ control, openCampusAs }) => {
    const { ada } = await adaAttachedWithSpeakers(control, openCampusAs, 1);
    const beat = ada.page.waitForResponse((response) => response.url().endsWith("/api/call/presentation/heartbeat"));
    await present(ada, "audioOnly");
    await expect(presentationStatus(ada)).toHaveAttribute("data-status", "app");
    expect((await beat).status()).toBe(200);
    expect(await (await beat).json()).toMatchObject({ status: "app", grant: { status: "active" } });
  });
});
