import { useState, type ReactNode } from "react";
import type { ActiveGrantView } from "@/lib/wire/call-routes";
import type { PresentationMode } from "@/lib/contract";
import { currentSelection, recoverySelection, tileCandidates, toggleTile } from "@/lib/client/presentation/presentation-selection";
import { usePresentation } from "@/lib/client/presentation/use-presentation";
import { isFinalStatus } from "@/lib/shared/final-status";
import { useCallContext } from "../call/call-context";
import { Button } from "../ui/button";
import { PresentationStatusLine } from "./presentation-status";
import { PresentationTiles } from "./presentation-tiles";
import { SpeakerPicker } from "./speaker-picker";

type PresentationPanelProps = {
  grant: ActiveGrantView;
  /** The member's controls, between the tiles and the presentation's settings. */
  children?: ReactNode;
};

/**
 * Spec 3 and 4.9-4.10: present the call in this app, as video tiles of chosen speakers or audio
 * only. One click prepares, mounts the tiles and commits; a new selection prepares a new presentation.
 */
export function PresentationPanel({ grant, children }: PresentationPanelProps) {
  const { launch, campusOrigin, onExpired, onAccessLost, onCallChanged, onPresenting, onGrantHeard } = useCallContext();
  const { presentation, starting, releasing, error, start, tileLoaded, release } = usePresentation(launch, campusOrigin, {
    onExpired,
    onAccessLost,
    onCallChanged,
    onPresenting,
    onGrantHeard,
  });
  const [mode, setMode] = useState<PresentationMode>("video");
  const [anyParticipant, setAnyParticipant] = useState(false);
  const [picked, setPicked] = useState<string[]>([]);

  const candidates = tileCandidates(grant, anyParticipant);
  const selected = currentSelection(picked, candidates);
  const live = presentation !== null && !isFinalStatus(presentation.status);
  const busy = starting || releasing;
  // Video with speakers on stage needs at least one tile to commit (spec 3).
  const needsPick = mode === "video" && selected.length === 0 && tileCandidates(grant, false).length > 0;

  return (
    <>
      {presentation?.tiles.length ? (
        <PresentationTiles
          presentation={presentation}
          participants={grant.participants}
          onTileLoaded={(tileId) => tileLoaded(presentation.generation, tileId, presentation.tiles.length)}
        />
      ) : (
        <div className="flex min-h-20 items-center justify-center rounded-lg border border-dashed border-slate-300 px-4 py-3 text-center text-sm text-slate-600">
          {live && presentation.mode === "audioOnly"
            ? "Audio only: the call is presented here without video."
            : "Choose speakers below and present the call here: their video shows in this space."}
        </div>
      )}
      {children}
    <section data-testid="presentation" aria-labelledby="presentation-title" className="space-y-3 rounded-lg border border-slate-200 bg-white p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="presentation-title" className="text-sm font-semibold">Present the call here</h3>
        <label className="flex items-center gap-1.5 text-xs text-slate-700">
          Show
          <select
            data-testid="presentation-mode"
            value={mode}
            disabled={busy}
            onChange={(event) => setMode(event.target.value === "audioOnly" ? "audioOnly" : "video")}
            className="rounded border border-slate-400 bg-white px-1.5 py-1 text-xs"
          >
            <option value="video">Video tiles</option>
            <option value="audioOnly">Audio only</option>
          </select>
        </label>
      </div>
      {mode === "video" ? (
        <SpeakerPicker
          candidates={candidates}
          selected={selected}
          ownParticipationId={grant.participationId}
          anyParticipant={anyParticipant}
          disabled={busy}
          onToggle={(id, checked) => setPicked(toggleTile(selected, id, checked))}
          onAnyParticipant={setAnyParticipant}
        />
      ) : (
        <p className="text-xs text-slate-600">No tiles: the campus stops incoming video and keeps speaker audio playing.</p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button testId="presentation-start" size="sm" disabled={busy || needsPick} onClick={() => void start(mode, mode === "video" ? selected : [])}>
          {starting ? "Presenting…" : live ? "Present this selection" : "Present here"}
        </Button>
        {live ? (
          <Button testId="presentation-release" size="sm" variant="secondary" disabled={busy} onClick={() => void release()}>
            Give back to the campus
          </Button>
        ) : null}
        {presentation?.status === "restored" ? (
          <Button
            testId="presentation-recover"
            size="sm"
            variant="secondary"
            disabled={busy}
            onClick={() => void start(presentation.mode, presentation.mode === "video" ? recoverySelection(presentation.participationIds, grant) : [])}
          >
            Present again
          </Button>
        ) : null}
      </div>
      {presentation ? <PresentationStatusLine presentation={presentation} /> : null}
      {error ? (
        <p data-testid="presentation-error" role="alert" className="text-sm text-rose-700">
          {error}
        </p>
      ) : null}
    </section>
    </>
  );
}
