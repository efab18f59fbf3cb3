import { expect } from "@playwright/test";
import { OPTIONS, QUESTION, optionButton, startPoll, vote } from "../../support/activity";
import type { CampusPage } from "../../support/campus-page";
import type { KindDescriptor } from "./kind-descriptor";

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
