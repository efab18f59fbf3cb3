import { expectNoAppFrameViolations, expectNoPageViolations } from "../support/axe-frame";
import { expect, test } from "../support/fixtures";
import { EVERY_KIND } from "../activities/kinds";
import { startKind } from "../activities/kinds/kind-descriptor";
import { APP_ORIGIN, CAMPUS_ORIGIN, startsWithOrigin } from "../support/origins";
import { adaAttachedWithSpeakers, present, presentationStatus } from "../support/presentation-setup";

// axe-core (WCAG 2.0/2.1/2.2 A and AA) finds nothing in the app, in every state a member meets.
test.describe("the app is accessible in every state", () => {
  // axe visits every frame (the app and its tiles), which takes a while on a busy machine.
  test.describe.configure({ timeout: 300_000 });
  test("opened directly, outside the campus: the way back to the campus", async ({ page }) => {
    await page.goto(APP_ORIGIN);
    await expect(page.getByTestId("app-status")).toHaveAttribute("data-state", "not-embedded");
    await expect(page.getByTestId("campus-link")).toHaveAttribute("href", startsWithOrigin(CAMPUS_ORIGIN));
    await expectNoPageViolations(page);
  });

  test("signed in, then signed out", async ({ control, openCampusAs }) => {
    void control;
    const ada = await openCampusAs("ada");
    await ada.signIn();
    await expect(ada.app.getByTestId("call-status")).toHaveAttribute("data-access", "unavailable");
    await expectNoAppFrameViolations(ada.page);

    await ada.app.getByTestId("sign-out").click();
    // A call read answered 401 after the sign-out can show the expired view instead: both offer "Sign in".
    await expect(ada.status).toHaveAttribute("data-state", /^(signed-out|expired)$/);
    await expect(ada.app.getByTestId("sign-in")).toBeVisible();
    await expectNoAppFrameViolations(ada.page);
  });

  // Each kind's views on their own: activity-kinds.spec.ts. Here, the first kind beside the tiles.
  test("in a call, presenting its tiles, and in a shared activity beside them", async ({ control, openCampusAs }) => {
    const { ada } = await adaAttachedWithSpeakers(control, openCampusAs, 2);
    await expectNoAppFrameViolations(ada.page);

    await present(ada, "video");
    await expect(presentationStatus(ada)).toHaveAttribute("data-status", "app");
    await expect(ada.app.getByTestId("presentation-tile")).toHaveCount(3);
    await expectNoAppFrameViolations(ada.page);

    await startKind(ada, EVERY_KIND[0]!);
    await expectNoAppFrameViolations(ada.page);
  });
});
