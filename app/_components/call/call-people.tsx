import type { ActiveGrantView } from "@/lib/wire/call-routes";
import { useCallContext } from "./call-context";
import { InviteForm } from "./invite-form";
import { Roster } from "./roster";

type CallPeopleProps = {
  grant: ActiveGrantView;
  /** The "Show all moderation" toggle. */
  onModeration: (on: boolean) => void;
};

/** The side panel's people: the public roster (spec 2 CallParticipant), stage moderation, and invite. */
export function CallPeople(props: CallPeopleProps) {
  const call = useCallContext();
  return (
    <section aria-labelledby="people-title" className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <h2 id="people-title" className="text-sm font-semibold">
          In the call <span className="font-normal text-slate-600">({props.grant.participants.length})</span>
        </h2>
        {call.canControl ? (
          <label className="flex items-center gap-1.5 text-xs text-slate-700">
            <input
              type="checkbox"
              data-testid="show-moderation"
              className="size-4"
              checked={call.moderation}
              onChange={(event) => props.onModeration(event.target.checked)}
            />
            Show all moderation
          </label>
        ) : null}
      </div>
      <Roster grant={props.grant} />
      {call.canControl ? <InviteForm grant={props.grant} /> : null}
    </section>
  );
}
