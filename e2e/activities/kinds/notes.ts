import { expect, type Locator } from "@playwright/test";
import type { CampusControl } from "../../support/campus-control";
import type { CampusPage } from "../../support/campus-page";
import { chooseKind, kindView, membersInOneActivity, type KindDescriptor } from "./kind-descriptor";

export const TOPIC = "What went well this week?";

/** A member's app starts shared notes (its grant active) and shows them as the inviter. */
export async function startNotes(campus: CampusPage, topic = TOPIC) {
  await chooseKind(campus, "notes");
  await campus.app.getByTestId("notes-topic").fill(topic);
  await campus.app.getByTestId("notes-create").click();
  await expect(kindView(campus, "notes")).toHaveAttribute("data-role", "inviter");
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

/** Shared notes: each member posts one, and both see both, oldest first, with their authors. */
export const notes: KindDescriptor<"notes"> = {
  kind: "notes",
  label: TOPIC,
  start: (owner) => startNotes(owner),
  async act({ owner, guest }) {
    await postNote(owner, "The demo went well");
    await postNote(guest, "Pairing on the tests helped");
  },
  async expectSeen(viewer) {
    await expect(viewer.app.getByTestId("notes-topic-text")).toHaveText(TOPIC);
    await expect(notesOf(viewer)).toHaveCount(2);
    await expect(notesOf(viewer).nth(0)).toHaveAttribute("data-author", "ada");
    await expect(notesOf(viewer).nth(0).getByTestId("note-text")).toHaveText("The demo went well");
    await expect(notesOf(viewer).nth(1)).toHaveAttribute("data-author", "grace");
    await expect(notesOf(viewer).nth(1).getByTestId("note-text")).toHaveText("Pairing on the tests helped");
  },
};

/** Ada and grace in one call and in ada's notes: ada started them and invited, grace joined through her new launch. */
export function membersInOneNotes(control: CampusControl, openCampusAs: (member: string) => Promise<CampusPage>) {
  return membersInOneActivity(control, openCampusAs, notes);
}
