// `npx tsx scripts/screenshot.ts`: the README's screenshots, each stage of the demo taken from
// running servers (`npm run dev` or a production start) with the local campus's control API.
import { mkdir } from "node:fs/promises";
import { chromium, request, type Page } from "@playwright/test";
import { CampusControl } from "../e2e/support/campus-control";
import { CampusPage } from "../e2e/support/campus-page";
import { CHROMIUM_ARGS, resolveChromiumPath } from "../e2e/support/chromium";
import { membersInOneNotes, notesOf, postNote } from "../e2e/support/notes";
import { CAMPUS_API } from "../e2e/support/origins";

const OUTPUT_DIR = "docs/screenshots";
const WIDE = { width: 1400, height: 900 };
const LAPTOP = { width: 1024, height: 768 };
const PHONE = { width: 420, height: 860 };

async function shoot(page: Page, name: string) {
  // Polling panels (the REST log, the roster) settle within a couple of seconds.
  await page.waitForTimeout(2_500);
  // Clicks inside the app scroll the campus page to them; each picture shows the page from its top.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${OUTPUT_DIR}/${name}.png` });
  console.info(`wrote ${OUTPUT_DIR}/${name}.png`);
}

async function main() {
  await mkdir(OUTPUT_DIR, { recursive: true });
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

  await ada.app.getByTestId("activity-question").fill("What for lunch?");
  const options = ada.app.getByTestId("activity-option");
  await options.nth(0).fill("Soup");
  await options.nth(1).fill("Salad");
  await ada.app.getByTestId("activity-create").click();
  await ada.app.locator('[data-testid="activity-option-vote"][data-option="Soup"]').click();
  await ada.app.locator('[data-testid="activity-option-vote"][data-mine="true"]').waitFor();
  await shoot(ada.page, "poll");

  await ada.page.setViewportSize(LAPTOP);
  await shoot(ada.page, "presenting-1024x768");
  await ada.page.setViewportSize(PHONE);
  await shoot(ada.page, "presenting-phone");

  // The worked example of docs/make-it-yours.md: shared notes, in a call of two members.
  await control.reset();
  const { ada: host, grace } = await membersInOneNotes(control, async (member) => CampusPage.open(await browser.newContext({ viewport: WIDE }), member));
  await postNote(host, "The demo went well");
  await postNote(grace, "Pairing on the tests helped");
  await notesOf(grace).nth(1).waitFor();
  await shoot(grace.page, "notes");

  await browser.close();
  await control.reset();
  await api.dispose();
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
