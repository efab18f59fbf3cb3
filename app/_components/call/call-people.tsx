import type { ActiveGrantView } from "@/lib/wire/calls";
import type { ControlProps } from "./call-ops";
import { InviteForm } from "./invite-form";
import { Roster } from "./roster";

type CallPeopleProps = ControlProps & {
  grant: ActiveGrantView;
  userId: string;
  campusOrigin: string;
  canControl: boolean;
  /** Host-only moderation shows where the host may use it; opened, it shows on every row, so a non-host can see the campus refuse it (spec 4.7: only the current host). */
  moderation: boolean;
  onModeration: (on: boolean) => void;
};

/** The side panel's people: the public roster (spec 2 CallParticipant), stage moderation, and invite. */
export function CallPeople(props: CallPeopleProps) {
  return (
    <section aria-labelledby="people-title" className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <h2 id="people-title" className="text-sm font-semibold">
          In the call <span className="font-normal text-slate-600">({props.grant.participants.length})</span>
        </h2>
        {props.canControl ? (
          <label className="flex items-center gap-1.5 text-xs text-slate-700">
            <input
              type="checkbox"
              data-testid="show-moderation"
              className="size-4"
              checked={props.moderation}
              onChange={(event) => props.onModeration(event.target.checked)}
            />
            Show all moderation
          </label>
        ) : null}
      </div>
      <Roster {...props} />
      {props.canControl ? <InviteForm {...props} /> : null}
    </section>
  );
}
