// Native prompts of this tab, overlaid on the app frame (they never move it): the call approval
// prompt ("Use this call in this app") and the confirmations the app's commands wait for. A prompt
// that stays is never rebuilt, so a choice in progress and the focus stay where they are.

import type { Act, CallView } from "./call-view";
import { button, element, recipientOptions, ROLE_OPTIONS, select } from "./dom";

type Prompt = CallView["prompts"][number];
type PromptContent = Omit<Prompt, "status">;

const ACTION_TITLES: Record<string, string> = {
  cameraOn: "Turn your camera on?",
  unmute: "Unmute your microphone?",
  "stage/join": "Join the stage?",
  leave: "Leave the call?",
  end: "End the call for everyone?",
};

function approvalPrompt(app: CallView["app"], act: Act): HTMLElement {
  return element("section", {
    class: "call-prompt call-prompt--approval",
    "data-testid": "call-approval-prompt",
    role: "alertdialog",
    "aria-labelledby": "approval-title",
    "aria-describedby": "approval-text",
  }, [
    element("p", { class: "consent__eyebrow" }, [app.name]),
    element("h3", { id: "approval-title" }, ["Use this call in this app"]),
    element("p", { class: "small", id: "approval-text" }, [`${app.name} (${app.origin}) asks to use your current call: it will see who is in it and can ask you to confirm call actions.`]),
    element("div", { class: "call-actions" }, [
      button("Deny", "call-approval-deny", () => act("/host/call/approval", { decision: "deny" })),
      button("Allow", "call-approval-allow", () => act("/host/call/approval", { decision: "allow" }), { class: "primary" }),
    ]),
  ]);
}

function describeCommand(prompt: PromptContent): string {
  if (prompt.kind === "start") return "Start a call?";
  if (prompt.kind === "invite") return "Invite someone to this call?";
  if (prompt.kind === "accept") return `Accept the call invitation from @${prompt.inviter ?? "someone"}?`;
  if (prompt.kind === "activityInvite") return `Invite members to “${prompt.activity?.label ?? "an activity"}”?`;
  return (prompt.action === null ? undefined : ACTION_TITLES[prompt.action]) ?? `Confirm ${prompt.action}?`;
}

function activityRecipients(candidates: NonNullable<Prompt["candidates"]>): { boxes: HTMLInputElement[]; sheet: HTMLElement } {
  const boxes = candidates.map(({ userId, username }) =>
    element("input", { type: "checkbox", value: userId, checked: true, "data-testid": "command-activity-recipient", "data-username": username }),
  );
  const labels = boxes.map((box, index) => element("label", {}, [box, ` @${candidates[index]!.username}`]));
  const sheet = element("fieldset", { class: "call-sheet", "data-testid": "command-activity-recipients" }, [element("legend", {}, ["Members to invite"]), ...labels]);
  return { boxes, sheet };
}

function commandPrompt(prompt: PromptContent, view: CallView, act: Act): HTMLElement {
  const choices: HTMLElement[] = [];
  let recipient: HTMLSelectElement | null = null;
  let role: HTMLSelectElement | null = null;
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
    const body: { recipientId?: string; role?: string; recipientIds?: string[] } = {};
    if (recipient?.value) body.recipientId = recipient.value;
    if (role?.value) body.role = role.value;
    if (members) body.recipientIds = members.boxes.filter((box) => box.checked).map((box) => box.value);
    act(`${path}/confirm`, body);
  };
  const titleId = `prompt-title-${prompt.commandId}`;
  return element("section", {
    class: "call-prompt",
    "data-testid": "command-prompt",
    "data-command-id": prompt.commandId,
    "data-command-kind": prompt.kind,
    "data-action": prompt.action ?? "",
    role: "alertdialog",
    "aria-labelledby": titleId,
  }, [
    element("p", { class: "consent__eyebrow" }, [`${view.app.name} asks`]),
    element("h3", { id: titleId }, [describeCommand(prompt)]),
    ...choices,
    element("div", { class: "call-actions" }, [
      button("Decline", "command-decline", () => act(`${path}/decline`)),
      button("Confirm", "command-confirm", confirm, { class: "primary" }),
    ]),
  ]);
}

/** What each shown prompt was built from: unchanged prompts keep their node. */
const signatures = new WeakMap<Element, string>();

/**
 * Renders the prompts of a view, keeping the nodes of prompts that did not change, and returns
 * the prompts it added (prompt-focus.ts moves focus to the first).
 */
export function renderPrompts(container: HTMLElement, view: CallView, act: Act): HTMLElement[] {
  const wanted = view.prompts.map(({ status: _status, ...prompt }) => ({
    key: `command:${prompt.commandId}`,
    signature: JSON.stringify(prompt),
    build: () => commandPrompt(prompt, view, act),
  }));
  if (view.approvalPrompt) wanted.unshift({ key: "approval", signature: JSON.stringify(view.app), build: () => approvalPrompt(view.app, act) });

  const kept = new Map<string, HTMLElement>();
  for (const node of [...container.children]) {
    if (!(node instanceof HTMLElement)) {
      node.remove();
      continue;
    }
    const match = wanted.find((prompt) => prompt.key === node.dataset.promptKey && prompt.signature === signatures.get(node));
    if (match) kept.set(match.key, node);
    else node.remove();
  }
  const added: HTMLElement[] = [];
  let previous: HTMLElement | null = null;
  for (const prompt of wanted) {
    let node = kept.get(prompt.key);
    if (!node) {
      node = prompt.build();
      node.dataset.promptKey = prompt.key;
      signatures.set(node, prompt.signature);
      if (previous) previous.after(node);
      else container.prepend(node);
      added.push(node);
    }
    previous = node;
  }
  container.hidden = wanted.length === 0;
  return added;
}
