import { expect, test } from "../support/fixtures";

test.describe("consent and access", () => {
  test("a denied consent shows why, and signing in again asks again", async ({ control, openCampusAs }) => {
    void control;
    const campus = await openCampusAs("ada");
    await campus.denyConsent();
    await campus.expectState("denied");
    await campus.app.getByTestId("sign-in").click();
    await campus.approveConsent();
    await campus.expectState("signed-in");
  });

  test("while the campus asks the member, the app says it is signing in and where to confirm", async ({ control, openCampusAs }) => {
    void control;
    const campus = await openCampusAs("ada");
    await campus.consentDialog.waitFor();
    await campus.expectState("signing-in");
    await expect(campus.status).toContainText("Confirm in the campus if it asks.");
    await campus.approveConsent();
    await campus.expectState("signed-in");
  });

  test("a revoked consent ends access with a way back in", async ({ control, openCampusAs }) => {
    const campus = await openCampusAs("ada");
    await campus.signIn();
    await control.revokeConsent("ada");
    await campus.checkAccess();
    await campus.expectState("revoked");
    await campus.app.getByTestId("sign-in").click();
    await campus.approveConsent();
    await campus.expectState("signed-in");
  });

  test("an expired token shows the expired state, and signing in renews it", async ({ control, openCampusAs }) => {
    const campus = await openCampusAs("ada");
    await campus.signIn();
    await control.advanceClock(901); // spec 3: tokens live 900 s
    await campus.checkAccess();
    await campus.expectState("expired");
    await campus.app.getByTestId("sign-in").click();
    await campus.expectState("signed-in");
  });

  test("an unavailable campus shows a retry that starts a new handshake", async ({ control, openCampusAs }) => {
    await control.injectFault("token", "unavailable", { count: 1 });
    const campus = await openCampusAs("ada");
    await campus.approveConsent();
    await campus.expectState("campus-unavailable");
    await campus.app.getByRole("button", { name: /try again/i }).click();
    await campus.expectState("signed-in");
  });

  test("signing out ends the session and signing in starts a new one", async ({ control, openCampusAs }) => {
    void control;
    const campus = await openCampusAs("ada");
    await campus.signIn();
    await campus.app.getByTestId("sign-out").click();
    await campus.expectState("signed-out");
    await campus.app.getByTestId("sign-in").click();
    await campus.expectState("signed-in");
  });

  test("a registration save ends old launches: the app asks to be reopened", async ({ control, openCampusAs }) => {
    const campus = await openCampusAs("ada");
    await campus.signIn();
    await control.saveRegistration({ scopes: ["profile:read"] });
    await campus.checkAccess();
    await campus.expectState("unavailable-app");
    // Reopening the app (a new mount, so a new launch) asks for the changed scopes.
    await campus.page.reload();
    await campus.approveConsent();
    await campus.expectState("signed-in");
  });
});
