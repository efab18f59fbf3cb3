import { expect, type Locator } from "@playwright/test";
import type { CampusControl } from "../../support/campus-control";
import type { CampusPage } from "../../support/campus-page";
import { chooseKind, kindView, membersInOneActivity, type KindDescriptor } from "./kind-descriptor";

export const QUESTION = "What for lunch?";
export const OPTIONS = ["Soup", "Salad", "Pie"];

/** A member's app starts a shared poll (its grant active) and shows it as the inviter. */
export async function startPoll(campus: CampusPage, question = QUESTION, options = OPTIONS) {
  await chooseKind(campus, "poll");
  await campus.app.getByTestId("activity-question").fill(question);
  const inputs = campus.app.getByTestId("activity-option");
  for (const [index, option] of options.entries()) {
    if (index >= (await inputs.count())) await campus.app.getByTestId("activity-add-option").click();
    await inputs.nth(index).fill(option);
  }
  await campus.app.getByTestId("activity-create").click();
  await expect(kindView(campus, "poll")).toHaveAttribute("data-role", "inviter");
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

function votersOf(viewer: CampusPage, option: string) {
  return viewer.app.locator(`[data-testid="activity-voters"][data-option="${option}"]`);
}

/** The poll: each member votes for one option, and both see each option's count and voters. */
export const poll: KindDescriptor<"poll"> = {
  kind: "poll",
  label: QUESTION,
  start: (owner) => startPoll(owner, QUESTION, OPTIONS),
  async act({ owner, guest }) {
    await vote(guest, "Salad");
    await vote(owner, "Soup");
  },
  async expectSeen(viewer) {
    await expect(viewer.app.getByTestId("activity-poll-question")).toHaveText(QUESTION);
    await expect(optionButton(viewer, "Soup")).toHaveAttribute("data-votes", "1");
    await expect(optionButton(viewer, "Salad")).toHaveAttribute("data-votes", "1");
    await expect(optionButton(viewer, "Pie")).toHaveAttribute("data-votes", "0");
    await expect(votersOf(viewer, "Soup")).toHaveText("ada");
    await expect(votersOf(viewer, "Salad")).toHaveText("grace");
  },
};

/** Ada and grace in one call and in ada's poll: ada registered it and invited, grace joined through her new launch. */
export async function membersInOnePoll(control: CampusControl, openCampusAs: (member: string) => Promise<CampusPage>) {
  const { callId, owner, guest } = await membersInOneActivity(control, openCampusAs, poll);
  return { callId, ada: owner, grace: guest };
}
