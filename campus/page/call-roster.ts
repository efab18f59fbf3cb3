// The call panel when this tab is in a call: capacity, the member's own controls and the roster
// (host moderation per row; simulator controls in the rows of simulated members).

import type { Act, CallView, InCall } from "./call-view";
import { button, element } from "./dom";

type Participant = InCall["participants"][number];

const SIM_OPERATIONS: readonly (readonly [string, string])[] = [
  ["speak", "Speak"],
  ["drop", "Drop"],
  ["restore", "Restore"],
  ["leave", "Leave"],
  ["rejoin", "Rejoin"],
  ["stage-request", "Request the stage"],
];

function ownControls(call: InCall, act: Act): HTMLElement {
  const action = (name: string) => () => act("/host/call/actions", { action: name });
  const speaker = call.role === "speaker";
  const controls = [
    button(call.camera ? "Camera off" : "Camera on", "call-camera", action(call.camera ? "cameraOff" : "cameraOn"), {
      "data-on": String(call.camera),
      "aria-pressed": String(call.camera),
      disabled: !speaker && !call.camera,
    }),
    button(call.microphone ? "Mute" : "Unmute", "call-microphone", action(call.microphone ? "mute" : "unmute"), {
      "data-on": String(call.microphone),
      "aria-pressed": String(call.microphone),
      disabled: !speaker && !call.microphone,
    }),
  ];
  if (speaker) controls.push(button("Leave the stage", "stage-leave", action("stage/leave")));
  else if (call.stageState === "none") controls.push(button("Request the stage", "stage-request", action("stage/request")));
  if (call.stageState === "approved") controls.push(button("Join the stage", "stage-join", action("stage/join"), { class: "primary" }));
  if (call.stageState !== "none") controls.push(button("Cancel your stage request", "stage-cancel", action("stage/cancel")));
  controls.push(button("Leave the call", "call-leave", action("leave")));
  if (call.isHost) controls.push(button("End the call for everyone", "call-end", action("end"), { class: "danger" }));
  return element("div", { class: "call-actions call-actions--own" }, controls);
}

function moderation(participant: Participant, call: InCall, act: Act): HTMLElement[] {
  if (!call.isHost) return [];
  const moderate = (name: string) => () => act("/host/call/actions", { action: name, targetId: participant.participationId });
  if (participant.stageState === "requested") {
    return [button("Approve", "stage-approve", moderate("stage/approve")), button("Reject", "stage-reject", moderate("stage/reject"))];
  }
  if (participant.stageState === "approved") return [button("Reject", "stage-reject", moderate("stage/reject"))];
  if (participant.role === "speaker" && !participant.isSelf) return [button("Demote", "stage-demote", moderate("stage/demote"))];
  return [];
}

function simulatorControls(participant: Participant, act: Act): HTMLElement[] {
  if (!participant.simulated) return [];
  const path = `/host/call/simulator/members/${encodeURIComponent(participant.participationId)}`;
  return SIM_OPERATIONS.map(([operation, label]) => button(label, `sim-${operation}`, () => act(`${path}/${operation}`), { class: "small" }));
}

function participantRow(participant: Participant, call: InCall, act: Act): HTMLElement {
  const flags = [participant.isHost ? "host" : null, participant.isSelf ? "you" : null, participant.simulated ? "simulated" : null].filter(Boolean);
  const devices = participant.role === "speaker" ? `${participant.camera ? "cam on" : "cam off"} · ${participant.microphone ? "mic on" : "muted"}` : "";
  return element("li", {
    class: "call-participant",
    "data-testid": "call-participant",
    "data-username": participant.username,
    "data-participation-id": participant.participationId,
    "data-role": participant.role,
    "data-presence": participant.presence,
    "data-stage-state": participant.stageState,
    "data-host": String(participant.isHost),
  }, [
    element("span", { class: "call-participant__name" }, [`@${participant.username}`, flags.length > 0 ? ` (${flags.join(", ")})` : ""]),
    element("span", { class: "call-participant__state muted small" }, [
      [participant.role, participant.presence, participant.stageState === "none" ? null : `stage ${participant.stageState}`, devices || null].filter(Boolean).join(" · "),
    ]),
    element("div", { class: "call-actions" }, [...moderation(participant, call, act), ...simulatorControls(participant, act)]),
  ]);
}

export function renderCall(container: HTMLElement, view: CallView, act: Act): void {
  const { call } = view;
  if (!call) {
    container.replaceChildren();
    return;
  }
  const { capacity } = call;
  container.replaceChildren(
    element("p", { class: "call-capacity", "data-testid": "call-capacity", "data-members": capacity.members, "data-seats-taken": capacity.seatsTaken }, [
      `${capacity.members} of ${capacity.maxMembers} members · ${capacity.seatsTaken} of ${capacity.speakerSeats} speaker seats taken or reserved`,
    ]),
    ownControls(call, act),
    element("ul", { class: "call-roster", "data-testid": "call-roster" }, call.participants.map((participant) => participantRow(participant, call, act))),
  );
}
