import { useState } from "react";
import type { CreateActivityRequest } from "@/lib/wire/activity-routes";
import { ACTIVITY_KINDS, ACTIVITY_KIND_TITLES, type ActivityKind } from "@/lib/shared/activity-kinds";
import { CreateNotesForm } from "./create-notes-form";
import { CreatePollForm } from "./create-poll-form";

type FormProps = { onCreate: (body: CreateActivityRequest) => void; disabled: boolean; busy: boolean };

/** Each kind's form to start one (lib/shared/activity-kinds.ts lists the kinds). */
const FORMS: Record<ActivityKind, (props: FormProps) => React.ReactNode> = {
  poll: (props) => <CreatePollForm {...props} />,
  notes: (props) => <CreateNotesForm {...props} />,
};

/** The member who starts an activity chooses its kind, then fills in that kind's form. */
export function CreateActivityForm(props: FormProps) {
  const [kind, setKind] = useState<ActivityKind>(ACTIVITY_KINDS[0]);
  return (
    <div className="space-y-2">
      <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
        <legend className="mb-1 text-xs font-medium text-slate-700">Start a shared</legend>
        {ACTIVITY_KINDS.map((option) => (
          <label key={option} className="flex items-center gap-1.5">
            <input
              type="radio"
              name="activity-kind"
              data-testid="activity-kind"
              data-kind={option}
              value={option}
              checked={kind === option}
              onChange={() => setKind(option)}
              className="accent-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
            />
            {ACTIVITY_KIND_TITLES[option]}
          </label>
        ))}
      </fieldset>
      {FORMS[kind](props)}
    </div>
  );
}
