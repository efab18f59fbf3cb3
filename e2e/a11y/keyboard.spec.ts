import type { Locator, Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";

const MAX_TABS = 80;

/** Whether this element has the keyboard focus: the active element of its document, in the focused frame. */
const isFocused = (target: Locator) =>
  target.evaluate((element) => element.ownerDocument.activeElement === element && element.ownerDocument.hasFocus()).catch(() => false);

/** Presses Tab (through the campus page and into the app frame) until the target has the focus, then Enter. */
async function tabToAndPress(page: Page, target: Locator) {
  await expect(target).toBeVisible();
  for (let tabs = 0; tabs < MAX_TABS && !(await isFocused(target)); tabs++) await page.keyboard.press("Tab");
  expect(await isFocused(target), "reached by Tab").toBe(true);
  await page.keyboard.press("Enter");
}

// Spec 4.1 and 4.7 with no pointer: consent in the campus page, then a call command from the app.
test("a member signs in and sends a call command with the keyboard alone", async ({ control, openCampusAs }) => {
  test.setTimeout(240_000);
  const ada = await openCampusAs("ada");
  await ada.consentDialog.waitFor();
  await control.startCall("ada");
  await tabToAndPress(ada.page, ada.consentDialog.getByTestId("consent-approve"));
  await ada.expectState("signed-in");
  await expect(ada.page.getByTestId("native-presentation")).toBeVisible();

  await expect(ada.app.getByTestId("call-status")).toHaveAttribute("data-access", /approvalRequired|approved/);
  await tabToAndPress(ada.page, ada.app.getByTestId("call-attach"));
  await tabToAndPress(ada.page, ada.page.getByTestId("call-approval-allow"));
  await expect(ada.app.getByTestId("call-roster")).toBeVisible();

  // Ada hosts as a speaker with her camera off: its one toggle sends cameraOn, confirmed natively.
  const camera = ada.app.getByTestId("action-cameraOn");
  await tabToAndPress(ada.page, camera);
  await expect(ada.commandRows().last()).toHaveAttribute("data-status", /pending|working/);
  await expect(ada.app.getByTestId("waiting-for-you")).toContainText("Turn camera on — waiting for you in the campus page");
  // The busy toggle stays focusable (aria-disabled, not disabled): nothing drops the focus to the
  // app's body. The campus's prompt then takes the focus itself (its first control) and gives it back.
  await expect(camera).toHaveAttribute("aria-disabled", "true");
  await expect(camera).not.toHaveAttribute("disabled");
  await expect(ada.page.getByTestId("command-confirm")).toBeVisible();
  await tabToAndPress(ada.page, ada.page.getByTestId("command-confirm"));
  await expect.poll(() => ada.page.evaluate(() => document.activeElement?.tagName)).toBe("IFRAME");
  await expect(ada.commandRows().last()).toHaveAttribute("data-status", "applied");
  await expect(ada.page.getByTestId("call-camera")).toHaveAttribute("data-on", "true");
  // The same toggle now turns the camera off, and the command's progress was announced.
  await expect(ada.app.getByTestId("action-cameraOff")).toHaveAttribute("aria-pressed", "true");
  await expect(ada.app.getByTestId("app-announcer")).toContainText("Turn camera on — done");
});
