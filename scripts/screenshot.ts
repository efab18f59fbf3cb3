// `npx tsx scripts/screenshot.ts`: the README's screenshot, taken from running servers (`npm run dev` or a production start).
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, resolveChromiumPath } from "../e2e/support/chromium";
import { CAMPUS_API, CAMPUS_ORIGIN } from "../e2e/support/origins";

const OUTPUT = "docs/screenshot.png";

async function main() {
  await fetch(`${CAMPUS_API}/control/reset`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
  const browser = await chromium.launch({ executablePath: resolveChromiumPath(), args: CHROMIUM_ARGS });
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(`${CAMPUS_ORIGIN}/?member=ada`);
  await page.getByTestId("consent-approve").click();
  const app = page.frameLocator('[data-testid="app-frame"]');
  await app.locator('[data-testid="app-status"][data-state="signed-in"]').waitFor();
  // Let the REST log panel poll once (every 2 s) so it shows the token and userinfo calls.
  await page.waitForTimeout(2_500);
  await page.screenshot({ path: OUTPUT });
  await browser.close();
  console.info(`wrote ${OUTPUT}`);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
