import type { CampusControl } from "../../e2e/support/campus-control";
import type { CampusView } from "./campus-view";
import { membersInOneCall } from "./call-setup";
import { eventually } from "./eventually";
import { byTestId } from "./frame-reads";

export const QUESTION = "What for lunch?";
export const OPTIONS = ["Soup", "Salad", "Pie"];

/** A member's app starts a shared poll (its grant active) and shows it as the inviter. */
export async function startPoll(campus: CampusView, question = QUESTION, options = OPTIONS) {
  await campus.inApp.fill(byTestId("activity-question"), question);
  for (const [index, option] of options.entries()) {
    const input = `${byTestId("activity-option")}[aria-label="Option ${index + 1}"]`;
    if ((await campus.inApp.count(input)) === 0) await campus.inApp.click(byTestId("activity-add-option"));
    await campus.inApp.fill(input, option);
  }
  await campus.inApp.click(byTestId("activity-create"));
  await eventually(() => campus.inApp.attribute(byTestId("activity-poll"), "data-role")).toBe("inviter");
}

/** activityInvite from the app, then the inviter confirms the native selection in her campus page. */
export async function inviteTheCall(campus: CampusView) {
  await campus.inApp.click(byTestId("activity-invite"));
  await eventually(() => campus.inCampus.attribute(byTestId("command-prompt"), "data-command-kind")).toBe("activityInvite");
  await campus.confirmCommandPrompt();
  const invites = () => campus.inApp.attributes(`${byTestId("command-row")}[data-kind="activityInvite"]`, "data-status");
  await eventually(async () => (await invites()).at(-1)).toBe("applied");
}

/** The launch the campus page mounted last. */
export async function currentLaunchId(campus: CampusView): Promise<string> {
  return (await campus.inCampus.text(byTestId("launch-id"))) ?? "";
}

/** The recipient accepts in her campus page: the app remounts in a launch bound to the invitation, logs in, attaches. */
export async function acceptInvitation(campus: CampusView, label = QUESTION) {
  const before = await currentLaunchId(campus);
  await eventually(() => campus.inCampus.attribute(byTestId("activity-invitation"), "data-label")).toBe(label);
  await campus.inCampus.click(`${byTestId("activity-invitation")} ${byTestId("activity-invitation-accept")}`);
  await eventually(() => currentLaunchId(campus)).not.toBe(before);
  await campus.signIn();
  await campus.attachToCall();
}

export function optionButton(option: string) {
  return `${byTestId("activity-option-vote")}[data-option="${option}"]`;
}

export async function vote(campus: CampusView, option: string) {
  await campus.inApp.click(optionButton(option));
  await eventually(() => campus.inApp.attribute(optionButton(option), "data-mine")).toBe("true");
}

/** Ada and grace in one call and in ada's poll: ada registered it and invited, grace joined through her new launch. */
export async function membersInOnePoll<C extends CampusView>(control: CampusControl, openCampusAs: (member: string) => Promise<C>) {
  const { callId, pages } = await membersInOneCall(control, openCampusAs, ["ada", "grace"]);
  const [ada, grace] = pages as [C, C];
  await ada.attachToCall();
  await startPoll(ada);
  await inviteTheCall(ada);
  await acceptInvitation(grace);
  await eventually(() => grace.inApp.attribute(byTestId("activity-poll"), "data-role")).toBe("guest");
  return { callId, ada, grace };
}
