import type { CampusControl } from "../../e2e/support/campus-control";
import { TOPIC } from "../../e2e/activities/kinds/notes";
import { acceptInvitation, inviteTheCall } from "./activity";
import type { CampusPage } from "./campus-page";
import { membersInOneCall } from "./call-setup";
import { eventually } from "./eventually";
import { byTestId } from "./frame-reads";

export { TOPIC };

/** A member's app starts shared notes (its grant active) and shows them as the inviter. */
export async function startNotes(campus: CampusPage, topic = TOPIC) {
  await campus.inApp.click(`${byTestId("activity-kind")}[data-kind="notes"]`);
  await campus.inApp.fill(byTestId("notes-topic"), topic);
  await campus.inApp.click(byTestId("notes-create"));
  await eventually(() => campus.inApp.attribute(byTestId("activity-notes"), "data-role")).toBe("inviter");
}

/** Types a note with real keys and posts it; waits until the member's own view shows it and the field is cleared. */
export async function postNote(campus: CampusPage, text: string) {
  const mine = () => campus.inApp.count(`${byTestId("note")}[data-mine="true"]`);
  const before = await mine();
  await campus.inApp.fill(byTestId("note-input"), text);
  await campus.inApp.click(byTestId("note-post"));
  await eventually(mine).toBe(before + 1);
  await eventually(() => campus.inApp.value(byTestId("note-input"))).toBe("");
}

/** Each note's author and text, oldest first, as the member's app shows them. */
export async function shownNotes(campus: CampusPage) {
  const authors = await campus.inApp.attributes(byTestId("note"), "data-author");
  const texts = await campus.app.$$eval(`${byTestId("note")} ${byTestId("note-text")}`, (elements) => elements.map((element) => element.textContent));
  return authors.map((author, index) => [author, texts[index]]);
}

/** Ada and grace in one call and in ada's notes: ada registered them and invited, grace joined through her new launch. */
export async function membersInOneNotes(control: CampusControl, openCampusAs: (member: string) => Promise<CampusPage>) {
  const { callId, pages } = await membersInOneCall(control, openCampusAs, ["ada", "grace"]);
  const [ada, grace] = pages as [CampusPage, CampusPage];
  await ada.attachToCall();
  await startNotes(ada);
  await inviteTheCall(ada);
  await acceptInvitation(grace, TOPIC);
  await eventually(() => grace.inApp.attribute(byTestId("activity-notes"), "data-role")).toBe("guest");
  return { callId, ada, grace };
}
