// The native presentation of this campus tab (spec 3): the speakers of the call, at full size,
// or as a compact overlay while an app in this tab presents them (handoff), with a notice once
// the campus takes the presentation back (restoration).

import type { NativePresentationView } from "../presentations/presentation-read";
import type { CallView, InCall } from "./call-view";
import { element } from "./dom";

type Restored = NonNullable<NativePresentationView["restored"]>;

const RESTORED_REASONS: Record<string, string> = {
  released: "the app released it",
  launchEnded: "the app was reloaded or closed",
  registrationSaved: "the app's registration was saved",
  consentRevoked: "access to the app was revoked",
  memberLeft: "you left the call",
  accessLost: "the app lost access to this call",
  tileInvalid: "a presented speaker left the stage",
  heartbeatMissed: "the app stopped responding",
  tilesUnready: "the app's video tiles were hidden or not ready",
};

function speakerCard(participant: InCall["participants"][number], compact: boolean): HTMLElement {
  const initials = participant.username.slice(0, 2).toUpperCase();
  return element("li", {
    class: "native-speaker",
    "data-testid": "native-speaker",
    "data-participation-id": participant.participationId,
    "data-camera": String(participant.camera),
  }, [
    element("span", { class: "native-speaker__face", "aria-hidden": "true" }, [initials]),
    element("span", { class: "native-speaker__name" }, [`@${participant.username}${participant.isSelf ? " (you)" : ""}`]),
    compact ? null : element("span", { class: "native-speaker__state muted small" }, [participant.camera ? "camera on" : "camera off"]),
  ]);
}

function restoredNotice(restored: Restored): HTMLElement {
  const reason = restored.status === "released" ? "released" : restored.reason;
  return element("p", { class: "native-presentation__notice", "data-testid": "presentation-restored", "data-reason": reason, role: "status" }, [
    `The campus shows the call again: ${(reason === null ? undefined : RESTORED_REASONS[reason]) ?? "the presentation ended"}.`,
  ]);
}

export function renderNativePresentation(container: HTMLElement, view: CallView, appName: string): void {
  const { call, presentation } = view;
  container.hidden = call === null && presentation.restored === null;
  container.dataset.mode = presentation.mode;
  if (call === null) {
    container.replaceChildren(...(presentation.restored ? [restoredNotice(presentation.restored)] : []));
    return;
  }
  const compact = presentation.mode === "compact";
  const speakers = call.participants.filter((participant) => participant.role === "speaker");
  const heading = compact ? `${appName} is presenting this call` : "Call stage";
  const parts = [
    element("h3", { class: "native-presentation__title" }, [heading]),
    presentation.audioOnly
      ? element("p", { class: "native-presentation__audio", "data-testid": "presentation-audio-only" }, [
          "Audio only: incoming video is stopped; speaker audio stays in the campus.",
        ])
      : null,
    speakers.length === 0
      ? element("p", { class: "muted small" }, ["Nobody is on stage."])
      : element("ul", { class: "native-presentation__grid" }, speakers.map((participant) => speakerCard(participant, compact))),
    presentation.restored ? restoredNotice(presentation.restored) : null,
  ];
  container.replaceChildren(...parts.filter((part) => part !== null));
}
