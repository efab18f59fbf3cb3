import type { CallParticipant } from "@/lib/contract";
import { canPickMore } from "@/lib/client/presentation/presentation-selection";

type SpeakerPickerProps = {
  candidates: CallParticipant[];
  selected: string[];
  /** The member's own participation: their tile is a self-view. */
  ownParticipationId: string;
  anyParticipant: boolean;
  disabled: boolean;
  onToggle: (participationId: string, checked: boolean) => void;
  onAnyParticipant: (on: boolean) => void;
};

/** Spec 4.9: tiles of current accepted speakers only, six unique at most; self-view allowed. */
export function SpeakerPicker(props: SpeakerPickerProps) {
  const more = canPickMore(props.selected, props.anyParticipant);
  return (
    <fieldset className="space-y-2">
      <legend className="text-xs font-medium text-slate-600">Speakers to show</legend>
      {props.candidates.length ? (
        <ul className="flex flex-wrap gap-x-4 gap-y-1">
          {props.candidates.map((candidate) => {
            const checked = props.selected.includes(candidate.participationId);
            return (
              <li key={candidate.participationId}>
                <label className="flex items-center gap-1.5 text-sm">
                  <input
                    type="checkbox"
                    data-testid="presentation-speaker"
                    data-participation-id={candidate.participationId}
                    checked={checked}
                    disabled={props.disabled || (!checked && !more)}
                    onChange={(event) => props.onToggle(candidate.participationId, event.target.checked)}
                  />
                  {candidate.username}
                  {candidate.participationId === props.ownParticipationId ? <span className="text-slate-600">(you)</span> : null}
                  {props.anyParticipant && candidate.role !== "speaker" ? <span className="text-xs text-slate-600">{candidate.role}</span> : null}
                </label>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">Nobody is on the stage.</p>
      )}
      <label className="flex items-center gap-1.5 text-xs text-slate-600">
        <input
          type="checkbox"
          data-testid="presentation-any-participant"
          checked={props.anyParticipant}
          disabled={props.disabled}
          onChange={(event) => props.onAnyParticipant(event.target.checked)}
        />
        Offer everyone, with no limit (a demo of the platform&rsquo;s rules: non-speakers and a seventh tile are refused)
      </label>
    </fieldset>
  );
}
