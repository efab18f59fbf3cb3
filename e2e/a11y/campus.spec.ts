import { expectNoAxeViolations } from "../support/axe";
import { membersInOneCall } from "../support/call-setup";
import type { CampusPage } from "../support/campus-page";
import { expect, test } from "../support/fixtures";

// axe-core on the campus page in each state a member reaches. The app's own document is left out
// (its views have their own checks); the frame element itself, its title included, is checked.
const CAMPUS_ONLY = { exclude: [["[data-testid=\"app-frame\"]", "html"]] };

async function expectAccessibleCampus(campus: CampusPage) {
  await expectNoAxeViolations(campus.page, CAMPUS_ONLY);
}

test.describe("the campus page has no axe-core violations (WCAG 2.2 AA)", () => {
  test("consent dialog open", async ({ control, openCampusAs }) => {
    void control;
    const campus = await openCampusAs("ada");
    await expect(campus.consentDialog).toBeVisible();
    await expectAccessibleCampus(campus);
  });

  test("signed out (consent denied), then signed in", async ({ control, openCampusAs }) => {
    void control;
    const campus = await openCampusAs("ada");
    await campus.denyConsent();
    await campus.expectState("denied");
    await expectAccessibleCampus(campus);

    await campus.app.getByTestId("sign-in").click();
    await campus.approveConsent();
    await campus.expectState("signed-in");
    await expectAccessibleCampus(campus);
  });

  test("in a call: the call panel, the native presentation and the approval prompt", async ({ control, openCampusAs }) => {
    const { pages } = await membersInOneCall(control, openCampusAs, ["ada", "grace"]);
    const [ada] = pages as [CampusPage, CampusPage];
    await expect(ada.page.getByTestId("call-panel").getByTestId("call-roster")).toBeVisible();
    await expectAccessibleCampus(ada);

    await ada.app.getByTestId("call-attach").click();
    await expect(ada.page.getByTestId("call-approval-prompt")).toBeVisible();
    await expectAccessibleCampus(ada);
  });

  test("the flow inspector open, with an entry selected", async ({ control, openCampusAs }) => {
    void control;
    const campus = await openCampusAs("ada");
    await campus.signIn();
    await campus.page.getByTestId("flow-toggle").click();
    const token = campus.page.getByTestId("flow-list").locator('[data-name="token"] button');
    await token.click();
    await expect(campus.page.getByTestId("flow-detail-spec")).toBeVisible();
    await expectAccessibleCampus(campus);
  });
});
