import { expect, type Locator } from "@playwright/test";
import { membersInOneCall } from "./call-setup";
import type { CampusControl } from "./campus-control";
import type { CampusPage } from "./campus-page";

export const QUESTION = "What for lunch?";
export const OPTIONS = ["Soup", "Salad", "Pie"];

/** A member's app starts a shared poll (its grant active) and shows it as the inviter. */
export async function startPoll(campus: CampusPage, question = QUESTION, options = OPTIONS) {
  await campus.app.getByTestId("activity-question").fill(question);
  const inputs = campus.app.getByTestId("activity-option");
  for (const [index, option] of options.entries()) {
    if (index >= (await inputs.count())) await campus.app.getByTestId("activity-add-option").click();
    await inputs.nth(index).fill(option);
  }
  await campus.app.getByTestId("activity-create").click();
  await expect(campus.app.getByTestId("activity-poll")).toHaveAttribute("data-role", "inviter");
}

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
export async function acceptInvitation(campus: CampusPage, label = QUESTION) {
  const before = await currentLaunchId(campus);
  const invitation = campus.page.getByTestId("activity-invitation");
  await expect(invitation).toHaveAttribute("data-label", label);
  await invitation.getByTestId("activity-invitation-accept").click();
  await signInToNewLaunch(campus, before);
}

export function optionSelector(option: string): string {
  return `[data-testid="activity-option-vote"][data-option="${option}"]`;
}

export function optionButton(campus: CampusPage, option: string): Locator {
  return campus.app.locator(optionSelector(option));
}

export async function vote(campus: CampusPage, option: string) {
  await optionButton(campus, option).click();
  await expect(optionButton(campus, option)).toHaveAttribute("data-mine", "true");
}

/** Ada and grace in one call and in ada's poll: ada registered it and invited, grace joined through her new launch. */
export async function membersInOnePoll(control: CampusControl, openCampusAs: (member: string) => Promise<CampusPage>) {
  const { callId, pages } = await membersInOneCall(control, openCampusAs, ["ada", "grace"]);
  const [ada, grace] = pages as [CampusPage, CampusPage];
  await ada.attachToCall();
  await startPoll(ada);
  await inviteTheCall(ada);
  await acceptInvitation(grace);
  await expect(grace.app.getByTestId("activity-poll")).toHaveAttribute("data-role", "guest");
  return { callId, ada, grace };
}
