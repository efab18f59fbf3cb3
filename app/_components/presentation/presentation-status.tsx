import type { PresentationStatus as Status, RestoredReason } from "@/lib/contract";
import type { PresentationState } from "@/lib/client/presentation/use-presentation";

const STATUS_TEXT: Record<Status, string> = {
  preparing: "Preparing: the tiles are getting ready.",
  commitRequested: "Handing over: the campus waits for the tiles' first frames.",
  app: "Presenting in this app. The campus shows a compact call panel.",
  released: "Given back to the campus.",
  restored: "The campus took the presentation back.",
};

const AUDIO_ONLY_TEXT = "Audio only: incoming video is stopped; speaker audio stays in the campus.";

const REASON_TEXT: Record<RestoredReason, string> = {
  launchEnded: "the app was reloaded or reopened",
  registrationSaved: "the app's registration changed",
  consentRevoked: "your consent for the app ended",
  memberLeft: "you left the call",
  accessLost: "the app lost access to the call",
  tileInvalid: "a selected speaker left the stage",
  heartbeatMissed: "the app stopped reporting that it is shown",
  tilesUnready: "a tile was not shown for fifteen seconds",
};

/** Spec 3 "Presentation status": `data-status` carries the campus's status, `data-restored-reason` why it took it back. */
export function PresentationStatusLine({ presentation }: { presentation: PresentationState }) {
  const { status, restoredReason, mode } = presentation;
  const reason = restoredReason ? ` (${REASON_TEXT[restoredReason]})` : "";
  return (
    <p
      data-testid="presentation-status"
      data-status={status}
      data-mode={mode}
      data-restored-reason={restoredReason ?? undefined}
      aria-live="polite"
      className="text-sm text-slate-700"
    >
      {status === "app" && mode === "audioOnly" ? AUDIO_ONLY_TEXT : `${STATUS_TEXT[status]}${reason}`}
    </p>
  );
}
