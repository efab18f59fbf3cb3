import type { ActiveGrantView } from "@/lib/api/call-schemas";
import type { CallAction } from "@/lib/contract";
import { NATIVE_CONFIRMATION, actionTestId, ownActions } from "@/lib/client/call-controls";
import { Button } from "../status-panel";
import type { ControlProps } from "./call-ops";
import { ControlFeedback } from "./control-feedback";

const ACTION_TEXT: Partial<Record<CallAction, string>> = {
  cameraOn: "Turn camera on",
  cameraOff: "Turn camera off",
  unmute: "Unmute",
  mute: "Mute",
  leave: "Leave the call",
  end: "End the call for everyone",
  "stage/request": "Ask to speak",
  "stage/join": "Join the stage",
  "stage/cancel": "Cancel stage request",
  "stage/leave": "Leave the stage",
};

export const actionControl = (action: string) => `action:${action}`;


/** The member's own call actions (spec 4.7), only those the grant says they can use, and call audio mute. */
export function OwnActions(props: ControlProps & { grant: ActiveGrantView; userId: string; moderation: boolean }) {
  const actions = ownActions(props.grant, props.userId, props.moderation);
  const muted = props.grant.media.playbackMuted;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        {actions.map((action) => (
          <Button
            key={action}
            testId={`action-${actionTestId(action)}`}
            variant={action === "leave" || action === "end" ? "secondary" : "primary"}
            size="sm"
            disabled={props.disabled}
            onClick={() => props.ops.action(action, actionControl(action))}
          >
            {ACTION_TEXT[action] ?? action}
            {NATIVE_CONFIRMATION.has(action) ? <span className="sr-only"> (confirm in the campus page)</span> : null}
          </Button>
        ))}
        <Button
          testId="action-playback"
          variant="secondary"
          size="sm"
          disabled={props.disabled}
          onClick={() => props.ops.playback(!muted)}
        >
          {muted ? "Unmute call audio" : "Mute call audio"}
        </Button>
      </div>
      <p className="text-xs text-slate-500">Camera on, unmute, joining the stage, leaving and ending are confirmed in the campus page.</p>
      {actions.map((action) => (
        <ControlFeedback key={action} control={actionControl(action)} actions={props.actions} />
      ))}
      <ControlFeedback control="playback" actions={props.actions} />
    </div>
  );
}
