import { expect } from "@playwright/test";
import type { CampusPage } from "./campus-page";

/** activityInvite from the app, then the inviter confirms the native selection (all the other members) in her campus page. */
export async function inviteTheCall(campus: CampusPage) {
  await campus.app.getByTestId("activity-invite").click();
  const prompt = campus.page.getByTestId("command-prompt");
  await expect(prompt).toHaveAttribute("data-command-kind", "activityInvite");
  await prompt.getByTestId("command-confirm").click();
  const row = campus.app.locator('[data-testid="command-row"][data-kind="activityInvite"]').last();
  await expect(row).toHaveAttribute("data-status", "applied");
}

/** The launch the campus page mounted last. */
export async function currentLaunchId(campus: CampusPage): Promise<string> {
  return (await campus.page.getByTestId("launch-id").textContent()) ?? "";
}

/** Waits for the campus page to mount a new launch, then signs in and attaches in it. */
export async function signInToNewLaunch(campus: CampusPage, previousLaunchId: string) {
  await expect(campus.page.getByTestId("launch-id")).not.toHaveText(previousLaunchId);
  await campus.signIn();
  await campus.attachToCall();
}

/** The recipient accepts in her campus page: the app remounts in a launch bound to the invitation, logs in, attaches. */
export async function acceptInvitation(campus: CampusPage, label: string) {
  const before = await currentLaunchId(campus);
  const invitation = campus.page.getByTestId("activity-invitation");
  await expect(invitation).toHaveAttribute("data-label", label);
  await invitation.getByTestId("activity-invitation-accept").click();
  await signInToNewLaunch(campus, before);
}
