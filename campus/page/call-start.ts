// The call panel when the tab is in no call: "Start a call" (the native start sheet) and the
// member's incoming invitations, which show in every campus tab of the member.

import type { Act, CallView } from "./call-view";
import { button, element, recipientOptions, ROLE_OPTIONS, select } from "./dom";

export function renderStartCall(container: HTMLElement, view: CallView, act: Act): void {
  if (view.call) {
    container.replaceChildren();
    return;
  }
  if (view.callInOtherTab) {
    container.replaceChildren(element("p", { class: "muted small", "data-testid": "call-other-tab" }, ["You are in a call in another campus tab."]));
    return;
  }
  const recipient = select("start-call-recipient", recipientOptions(view.recipients, { allowNobody: true }), "", { "aria-label": "Recipient" });
  const role = select("start-call-role", ROLE_OPTIONS, "", { "aria-label": "Recipient's role" });
  const sheet = element("fieldset", { class: "call-sheet", "data-testid": "start-call-sheet", hidden: true }, [
    element("legend", {}, ["Start a call"]),
    element("label", {}, ["Invite ", recipient]),
    element("label", {}, ["as ", role]),
  ]);
  const confirm = button("Start", "start-call-confirm", () => {
    const body: { recipientId?: string; role?: string } = {};
    if (recipient.value) body.recipientId = recipient.value;
    if (role.value) body.role = role.value;
    act("/host/call/start", body);
  }, { class: "primary" });
  const cancel = button("Cancel", "start-call-cancel", () => {
    sheet.hidden = true;
  });
  sheet.append(element("div", { class: "call-actions" }, [cancel, confirm]));
  const open = button("Start a call", "start-call", () => {
    sheet.hidden = false;
  }, { class: "primary" });
  container.replaceChildren(open, sheet);
}

export function renderInvitations(container: HTMLElement, view: CallView, act: Act): void {
  const rows = view.invitations.map((invitation) => {
    const answer = (verb: "accept" | "decline") => () => act(`/host/call/invitations/${encodeURIComponent(invitation.invitationId)}/${verb}`);
    return element("li", { class: "call-invitation", "data-testid": "incoming-invitation", "data-invitation-id": invitation.invitationId, "data-inviter": invitation.inviter }, [
      element("span", {}, [`@${invitation.inviter} invites you to a call`, invitation.role ? ` as ${invitation.role}` : ""]),
      element("div", { class: "call-actions" }, [
        button("Decline", "invitation-decline", answer("decline")),
        button("Accept here", "invitation-accept", answer("accept"), { class: "primary" }),
      ]),
    ]);
  });
  container.replaceChildren(...(rows.length > 0 ? [element("ul", { class: "call-list" }, rows)] : []));
}
