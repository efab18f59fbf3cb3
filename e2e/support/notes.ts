import { expect, type Locator } from "@playwright/test";
import { acceptInvitation, inviteTheCall } from "./activity";
import { membersInOneCall } from "./call-setup";
import type { CampusControl } from "./campus-control";
import type { CampusPage } from "./campus-page";

export const TOPIC = "What went well this week?";

/** A member's app starts shared notes (its grant active) and shows them as the inviter. */
export async function startNotes(campus: CampusPage, topic = TOPIC) {
  await campus.app.locator('[data-testid="activity-kind"][data-kind="notes"]').check();
  await campus.app.getByTestId("notes-topic").fill(topic);
  await campus.app.getByTestId("notes-create").click();
  await expect(campus.app.getByTestId("activity-notes")).toHaveAttribute("data-role", "inviter");
}

export function notesOf(campus: CampusPage): Locator {
  return campus.app.getByTestId("note");
}

/** Posts a note from the keyboard-reachable field and waits until the member's own view shows it. */
export async function postNote(campus: CampusPage, text: string) {
  const mine = campus.app.locator('[data-testid="note"][data-mine="true"]').filter({ hasText: text });
  await campus.app.getByTestId("note-input").fill(text);
  await campus.app.getByTestId("note-post").click();
  await expect(mine).toHaveCount(1);
  await expect(campus.app.getByTestId("note-input")).toHaveValue("");
}

/** Ada and grace in one call and in ada's notes: ada registered them and invited, grace joined through her new launch. */
export async function membersInOneNotes(control: CampusControl, openCampusAs: (member: string) => Promise<CampusPage>) {
  const { callId, pages } = await membersInOneCall(control, openCampusAs, ["ada", "grace"]);
  const [ada, grace] = pages as [CampusPage, CampusPage];
  await ada.attachToCall();
  await startNotes(ada);
  await inviteTheCall(ada);
  await acceptInvitation(grace, TOPIC);
  await expect(grace.app.getByTestId("activity-notes")).toHaveAttribute("data-role", "guest");
  return { callId, ada, grace };
}
