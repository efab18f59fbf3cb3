// `npx tsx scripts/screenshot.ts`: the README's screenshots, each stage of the demo taken from
// running servers (`npm run dev` or a production start) with the local campus's control API, then
// each activity kind, driven by its descriptor in e2e/activities/kinds/ (screenshot-names.ts).
import { mkdir } from "node:fs/promises";
import { chromium, request, type Page } from "@playwright/test";
import { CampusControl } from "../e2e/support/campus-control";
import { CampusPage } from "../e2e/support/campus-page";
import { CHROMIUM_ARGS, resolveChromiumPath } from "../e2e/support/chromium";
import { EVERY_KIND } from "../e2e/activities/kinds";
import { membersInOneActivity, startKind } from "../e2e/activities/kinds/kind-descriptor";
import { CAMPUS_API } from "../e2e/support/origins";
import { SCREENSHOT_DIR, screenshotNames } from "./screenshot-names.ts";

const WIDE = { width: 1400, height: 900 };
const LAPTOP = { width: 1024, height: 768 };
const PHONE = { width: 420, height: 860 };

const written = new Set<string>();

async function shoot(page: Page, name: string) {
  // Polling panels (the REST log, the roster) settle within a couple of seconds.
  await page.waitForTimeout(2_500);
  // Clicks inside the app scroll the campus page to them; each picture shows the page from its top.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png` });
  console.info(`wrote ${SCREENSHOT_DIR}/${name}.png`);
  written.add(name);
}

async function main() {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const api = await request.newContext({ baseURL: CAMPUS_API });
  const control = new CampusControl(api);
  await control.reset();
  const browser = await chromium.launch({ executablePath: resolveChromiumPath(), args: CHROMIUM_ARGS });
  const context = await browser.newContext({ viewport: WIDE });
  const ada = await CampusPage.open(context, "ada");

  await ada.consentDialog.waitFor();
  await shoot(ada.page, "consent");
  await ada.approveConsent();
  await ada.expectState("signed-in");
  await shoot(ada.page, "signed-in");

  // A call with two simulated speakers, then "Use this call" approved in the campus page.
  const { callId } = await control.startCall("ada");
  for (const sim of await control.addSimulatedMembers(callId, 3)) await control.simulate(callId, sim, "speak");
  await ada.app.getByTestId("call-refresh").click();
  await ada.attachToCall();
  await shoot(ada.page, "call");

  // The flow inspector beside the app, with the backend's token exchange selected (its secrets redacted).
  await ada.page.getByTestId("flow-toggle").click();
  await ada.page.locator('[data-testid="flow-list"] [data-kind="rest"][data-name="token"] button').click();
  await ada.page.getByTestId("flow-detail-body").waitFor();
  await shoot(ada.page, "flow-inspector");
  await ada.page.getByTestId("flow-close").click();

  const panel = ada.app.getByTestId("presentation");
  for (const box of (await panel.getByTestId("presentation-speaker").all()).slice(0, 3)) await box.check();
  await panel.getByTestId("presentation-start").click();
  await ada.app.locator('[data-testid="presentation-status"][data-status="app"]').waitFor();
  await shoot(ada.page, "presenting");

  // The first kind, started beside the tiles, for the narrower pages.
  await startKind(ada, EVERY_KIND[0]!);
  await ada.page.setViewportSize(LAPTOP);
  await shoot(ada.page, "presenting-1024x768");
  await ada.page.setViewportSize(PHONE);
  await shoot(ada.page, "presenting-phone");

  // Each kind in a call of two members, once both took part: the owner's view, with its controls.
  const openInOwnContext = async (member: string) => CampusPage.open(await browser.newContext({ viewport: WIDE }), member);
  for (const descriptor of EVERY_KIND) {
    await control.reset();
    const { owner, guest } = await membersInOneActivity(control, openInOwnContext, descriptor);
    await descriptor.act({ owner, guest });
    await descriptor.expectSeen(owner);
    await shoot(owner.page, descriptor.kind);
  }

  await browser.close();
  await control.reset();
  await api.dispose();
  const missing = screenshotNames().filter((name) => !written.has(name));
  if (missing.length) throw new Error(`No picture taken for ${missing.join(", ")}: screenshot-names.ts lists them`);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
