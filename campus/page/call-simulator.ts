// The simulator panel: adds generated members to this tab's call. The controls of simulated
// members in the call sit in their roster rows; members that left are listed here to rejoin.

import type { Act, CallView } from "./call-view";
import { button, element } from "./dom";

export function renderSimulator(container: HTMLElement, view: CallView, act: Act): void {
  const { call } = view;
  const add = button("Add a simulated member", "sim-add", () => act("/host/call/simulator/members"), { disabled: !call });
  if (!call) {
    container.replaceChildren(add, element("p", { class: "muted small" }, ["Join or start a call in this tab to simulate members."]));
    return;
  }
  const departed = call.simulated.filter((member) => !member.current);
  const rows = departed.map((member) =>
    element("li", { class: "call-participant", "data-testid": "sim-departed", "data-username": member.username, "data-participation-id": member.participationId }, [
      element("span", {}, [`@${member.username} (left)`]),
      button("Rejoin", "sim-rejoin", () => act(`/host/call/simulator/members/${encodeURIComponent(member.participationId)}/rejoin`), { class: "small" }),
    ]),
  );
  container.replaceChildren(add, ...(rows.length > 0 ? [element("ul", { class: "call-list" }, rows)] : []));
}
