// Native prompts of this tab, shown above the app frame: the call approval prompt
// ("Use this call in this app") and the confirmations the app's commands wait for.

import { button, element, recipientOptions, ROLE_OPTIONS, select } from "./dom.js";

const ACTION_TITLES = {
  cameraOn: "Turn your camera on?",
  unmute: "Unmute your microphone?",
  "stage/join": "Join the stage?",
  leave: "Leave the call?",
  end: "End the call for everyone?",
};

function approvalPrompt(app, act) {
  return element("section", { class: "call-prompt call-prompt--approval", "data-testid": "call-approval-prompt", role: "alertdialog", "aria-label": "Use this call in this app" }, [
    element("p", { class: "consent__eyebrow" }, [app.name]),
    element("h3", {}, ["Use this call in this app"]),
    element("p", { class: "small" }, [`${app.name} (${app.origin}) asks to use your current call: it will see who is in it and can ask you to confirm call actions.`]),
    element("div", { class: "call-actions" }, [
      button("Deny", "call-approval-deny", () => act("/host/call/approval", { decision: "deny" })),
      button("Allow", "call-approval-allow", () => act("/host/call/approval", { decision: "allow" }), { class: "primary" }),
    ]),
  ]);
}

function describeCommand(prompt) {
  if (prompt.kind === "start") return "Start a call?";
  if (prompt.kind === "invite") return "Invite someone to this call?";
  if (prompt.kind === "accept") return `Accept the call invitation from @${prompt.inviter ?? "someone"}?`;
  if (prompt.kind === "activityInvite") return `Invite members to “${prompt.activity?.label ?? "an activity"}”?`;
  return ACTION_TITLES[prompt.action] ?? `Confirm ${prompt.action}?`;
}

function activityRecipients(candidates) {
  const boxes = candidates.map(({ userId, username }) =>
    element("input", { type: "checkbox", value: userId, checked: true, "data-testid": "command-activity-recipient", "data-username": username }),
  );
  const labels = boxes.map((box, index) => element("label", {}, [box, ` @${candidates[index].username}`]));
  const sheet = element("fieldset", { class: "call-sheet", "data-testid": "command-activity-recipients" }, [element("legend", {}, ["Members to invite"]), ...labels]);
  return { boxes, sheet };
}

function commandPrompt(prompt, view, act) {
  const choices = [];
  let recipient = null;
  let role = null;
  if (prompt.kind === "start" || prompt.kind === "invite") {
    recipient = select("command-recipient", recipientOptions(view.recipients, { allowNobody: prompt.kind === "start" }), prompt.recipientId ?? "", { "aria-label": "Recipient" });
    role = select("command-role", ROLE_OPTIONS, prompt.role ?? "", { "aria-label": "Role" });
    choices.push(element("label", {}, ["Recipient ", recipient]), element("label", {}, ["Role ", role]));
  }
  // Spec 4.7 activityInvite: native selection of current members, defaulting to all the others.
  const members = prompt.kind === "activityInvite" ? activityRecipients(prompt.candidates ?? []) : null;
  if (members) choices.push(members.sheet);
  const path = `/host/call/prompts/${encodeURIComponent(prompt.commandId)}`;
  const confirm = () => {
    const body = {};
    if (recipient?.value) body.recipientId = recipient.value;
    if (role?.value) body.role = role.value;
    if (members) body.recipientIds = members.boxes.filter((box) => box.checked).map((box) => box.value);
    act(`${path}/confirm`, body);
  };
  return element("section", {
    class: "call-prompt",
    "data-testid": "command-prompt",
    "data-command-id": prompt.commandId,
    "data-command-kind": prompt.kind,
    "data-action": prompt.action ?? "",
    role: "alertdialog",
  }, [
    element("p", { class: "consent__eyebrow" }, [`${view.app.name} asks`]),
    element("h3", {}, [describeCommand(prompt)]),
    ...choices,
    element("div", { class: "call-actions" }, [
      button("Decline", "command-decline", () => act(`${path}/decline`)),
      button("Confirm", "command-confirm", confirm, { class: "primary" }),
    ]),
  ]);
}

export function renderPrompts(container, view, act) {
  const prompts = view.prompts.map((prompt) => commandPrompt(prompt, view, act));
  if (view.approvalPrompt) prompts.unshift(approvalPrompt(view.app, act));
  container.replaceChildren(...prompts);
  container.hidden = prompts.length === 0;
}
