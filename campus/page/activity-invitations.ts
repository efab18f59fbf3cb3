// Activity invitations to the call of this campus tab (spec 3: each expires after five minutes).
// Accept opens the app in a new launch bound to the invitation (the page remounts the frame);
// Decline answers it here.

import type { Act, CallView } from "./call-view";
import { button, element } from "./dom";

export function renderActivityInvitations(container: HTMLElement, view: CallView, { act, accept }: { act: Act; accept: (invitationId: string) => Promise<void> }): void {
  const rows = view.activityInvitations.map((invitation) => {
    const path = `/host/activity-invitations/${encodeURIComponent(invitation.invitationId)}`;
    return element("li", {
      class: "call-invitation",
      "data-testid": "activity-invitation",
      "data-invitation-id": invitation.invitationId,
      "data-activity-id": invitation.activityId,
      "data-inviter": invitation.inviter,
      "data-label": invitation.label,
    }, [
      element("span", {}, [`@${invitation.inviter} invites you to `, element("strong", { "data-testid": "activity-invitation-label" }, [invitation.label])]),
      element("div", { class: "call-actions" }, [
        button("Decline", "activity-invitation-decline", () => act(`${path}/decline`)),
        button("Accept", "activity-invitation-accept", () => accept(invitation.invitationId), { class: "primary" }),
      ]),
    ]);
  });
  container.replaceChildren(...(rows.length > 0 ? [element("ul", { class: "call-list", "aria-label": "Activity invitations" }, rows)] : []));
}
