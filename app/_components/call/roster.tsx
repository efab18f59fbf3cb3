import type { ActiveGrantView } from "@/lib/wire/call-routes";
import type { CallParticipant } from "@/lib/contract";
import { actionTestId, resolveAvatarUrl, rowActions } from "@/lib/client/call/call-controls";
import { Button } from "../ui/button";
import { useCallContext } from "./call-context";
import { ControlFeedback } from "./control-feedback";

const STAGE_TEXT: Record<CallParticipant["stageState"], string> = {
  none: "",
  requested: "stage requested",
  approved: "stage approved",
};

const ROW_ACTION_TEXT = { "stage/approve": "Approve", "stage/reject": "Reject", "stage/demote": "Demote" } as const;

export const rowControl = (participationId: string, action: string) => `row:${participationId}:${action}`;

/** Spec 2 CallParticipant: display data only; "you" is the grant's own participation. */
export function Roster({ grant }: { grant: ActiveGrantView }) {
  return (
    <ul data-testid="call-roster" className="divide-y divide-slate-100 rounded-lg border border-slate-200">
      {grant.participants.map((participant) => (
        <RosterRow key={participant.participationId} participant={participant} grant={grant} />
      ))}
    </ul>
  );
}

function RosterRow({ participant, grant }: { participant: CallParticipant; grant: ActiveGrantView }) {
  const call = useCallContext();
  const isYou = participant.participationId === grant.participationId;
  const isHost = participant.userId === grant.hostUserId;
  const actions = call.canControl ? rowActions(participant, grant, call.userId, call.moderation) : [];
  return (
    <li
      data-testid="roster-participant"
      data-username={participant.username}
      data-role={participant.role}
      data-presence={participant.presence}
      data-stage-state={participant.stageState}
      data-self={isYou}
      className="space-y-2 px-3 py-2"
    >
      <div className="flex items-center gap-3">
        <Avatar participant={participant} campusOrigin={call.campusOrigin} />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium">
            {participant.username}
            {isYou ? <span className="font-normal text-slate-600"> (you)</span> : null}
            {isHost ? <span className="ml-1.5 rounded bg-indigo-50 px-1.5 py-0.5 text-xs font-normal text-indigo-700">host</span> : null}
          </p>
          <p className="text-xs text-slate-600">
            {participant.role}
            {participant.presence === "connected" ? "" : ` · ${participant.presence}`}
            {STAGE_TEXT[participant.stageState] ? ` · ${STAGE_TEXT[participant.stageState]}` : ""}
          </p>
        </div>
        {actions.length ? (
          <div className="flex flex-wrap justify-end gap-1.5">
            {actions.map((action) => (
              <Button
                key={action}
                testId={`row-action-${actionTestId(action)}`}
                size="sm"
                variant="secondary"
                disabled={call.disabled}
                onClick={() => call.ops.action(action, rowControl(participant.participationId, action), participant.participationId)}
              >
                {ROW_ACTION_TEXT[action]}
              </Button>
            ))}
          </div>
        ) : null}
      </div>
      {actions.map((action) => (
        <ControlFeedback key={action} control={rowControl(participant.participationId, action)} actions={call.actions} />
      ))}
    </li>
  );
}

/** The campus's avatar, resolved against {campus_origin}, or the username's first letter. */
function Avatar({ participant, campusOrigin }: { participant: CallParticipant; campusOrigin: string }) {
  const src = resolveAvatarUrl(participant.avatarUrl, campusOrigin);
  if (src) {
    // A plain <img>: the image is the campus's, served from its origin; next/image would proxy it.
    // eslint-disable-next-line @next/next/no-img-element
    return <img src={src} alt="" width={32} height={32} className="size-8 rounded-full bg-slate-100" referrerPolicy="no-referrer" />;
  }
  return (
    <div aria-hidden className="flex size-8 items-center justify-center rounded-full bg-slate-100 text-sm font-semibold text-slate-600 uppercase">
      {participant.username.slice(0, 1) || "?"}
    </div>
  );
}
