import { expect, test } from "../support/fixtures";

// Spec 4.5-4.6: start and accept from the app, each confirmed natively in the campus page.
test("a member starts a call from the app and the invited member accepts from theirs", async ({ control, openCampusAs }) => {
  const ada = await openCampusAs("ada");
  await ada.signIn();
  const grace = await openCampusAs("grace");
  await grace.signIn();
  const graceId = (await control.members()).find((m) => m.username === "grace")!.userId;

  await expect(ada.app.getByTestId("call-status")).toHaveAttribute("data-access", "unavailable");
  await ada.app.getByTestId("start-recipient").fill(graceId);
  await ada.app.getByTestId("start-role").selectOption("audience");
  await ada.app.getByTestId("call-start").click();
  await expect(ada.page.getByTestId("command-prompt")).toHaveAttribute("data-command-kind", "start");
  await ada.confirmCommandPrompt();
  await expect(ada.commandRows().last()).toHaveAttribute("data-status", "applied");
  await ada.app.getByTestId("call-refresh").click();
  await expect(ada.app.getByTestId("call-status")).toHaveAttribute("data-access", "approvalRequired");

  // A queued or applied invitation is not acceptance: Grace is not in the call until she accepts.
  await expect(grace.page.getByTestId("incoming-invitation")).toBeVisible();
  await grace.app.getByTestId("call-refresh").click();
  await expect(grace.app.getByTestId("call-status")).toHaveAttribute("data-access", "unavailable");
  await grace.app.getByTestId("call-accept").click();
  await expect(grace.page.getByTestId("command-prompt")).toBeVisible();
  await grace.confirmCommandPrompt();
  await expect(grace.commandRows().last()).toHaveAttribute("data-status", "applied");
  await grace.app.getByTestId("call-refresh").click();
  await grace.attachToCall();
  await expect(grace.rosterRow("ada")).toBeVisible();
  await expect(grace.rosterRow("grace")).toHaveAttribute("data-role", "audience");
});
