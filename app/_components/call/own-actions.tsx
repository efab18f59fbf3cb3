import type { ActiveGrantView, CommandView } from "@/lib/wire/call-routes";
import type { CallAction } from "@/lib/contract";
import { NATIVE_CONFIRMATION, actionTestId, mediaToggles, ownActions, type MediaToggle } from "@/lib/client/call/call-controls";
import { isFinalStatus } from "@/lib/shared/final-status";
import { ACTION_TEXT } from "@/lib/client/call/command-text";
import { Button } from "../ui/button";
import { useCallContext } from "./call-context";
import { ControlFeedback } from "./control-feedback";

export const actionControl = (action: string) => `action:${action}`;

const DEVICE_TEXT = { camera: "Camera", microphone: "Microphone" } as const;

type OwnActionsProps = { grant: ActiveGrantView; commands: CommandView[] };

/** Whether one of these actions was sent and the campus has not settled it yet. */
function inFlight(commands: CommandView[], actions: readonly CallAction[]): boolean {
  return commands.some((command) => command.kind === "action" && command.action !== undefined && actions.includes(command.action) && !isFinalStatus(command.status));
}

/**
 * The member's own call controls (spec 4.7): a camera and a microphone toggle that show the native
 * media status, call audio, then the stage moves, leave and end that the grant allows.
 */
export function OwnActions(props: OwnActionsProps) {
  const call = useCallContext();
  const actions = ownActions(props.grant, call.userId, call.moderation);
  const muted = props.grant.media.playbackMuted;
  const speaker = props.grant.role === "speaker";
  const playbackWaiting = props.commands.some((command) => command.kind === "playback" && !isFinalStatus(command.status));
  return (
    <div className="space-y-2">
      <div role="group" aria-label="Your call controls" className="flex flex-wrap items-center gap-2">
        {mediaToggles(props.grant).map((toggle) => (
          <DeviceToggle key={toggle.device} toggle={toggle} speaker={speaker} waiting={inFlight(props.commands, toggle.pairs)} />
        ))}
        <Button
          testId="action-playback"
          variant="secondary"
          size="sm"
          pressed={!muted}
          disabled={call.disabled || playbackWaiting}
          onClick={() => call.ops.playback(!muted)}
        >
          <StateDot on={!muted} /> Call audio <span className="font-normal text-slate-600">{muted ? "muted" : "playing"}</span>
        </Button>
        <span aria-hidden className="mx-1 hidden h-6 w-px bg-slate-200 sm:block" />
        {actions.map((action) => (
          <Button
            key={action}
            testId={`action-${actionTestId(action)}`}
            variant={action === "leave" || action === "end" ? "danger" : "secondary"}
            size="sm"
            disabled={call.disabled || inFlight(props.commands, [action])}
            onClick={() => call.ops.action(action, actionControl(action))}
          >
            {ACTION_TEXT[action]}
            {NATIVE_CONFIRMATION.has(action) ? <span className="sr-only"> (confirm in the campus page)</span> : null}
          </Button>
        ))}
      </div>
      {speaker ? null : <p className="text-xs text-slate-600">Camera and microphone are for speakers: request the stage, then join it once approved.</p>}
      {/* A device's feedback stays whichever way the campus has since flipped it: a mute whose answer
          was lost may have applied, and its error must not vanish with the toggle's next action. */}
      {[...mediaToggles(props.grant).flatMap((toggle) => toggle.pairs), ...actions].map((action) => (
        <ControlFeedback key={action} control={actionControl(action)} actions={call.actions} />
      ))}
      <ControlFeedback control="playback" actions={call.actions} />
    </div>
  );
}

/** One device, one button: pressed while the campus reports it on; it sends the opposite action. */
function DeviceToggle(props: { toggle: MediaToggle; speaker: boolean; waiting: boolean }) {
  const call = useCallContext();
  const { toggle } = props;
  const state = props.waiting ? "waiting…" : toggle.on ? "on" : "off";
  return (
    <Button
      testId={`action-${actionTestId(toggle.next)}`}
      variant={toggle.on ? "primary" : "secondary"}
      size="sm"
      pressed={toggle.on}
      disabled={call.disabled || props.waiting || !props.speaker}
      onClick={() => call.ops.action(toggle.next, actionControl(toggle.next))}
    >
      <StateDot on={toggle.on} /> {DEVICE_TEXT[toggle.device]} <span className={toggle.on ? "font-normal" : "font-normal text-slate-600"}>{state}</span>
      {NATIVE_CONFIRMATION.has(toggle.next) ? <span className="sr-only"> (turning it on is confirmed in the campus page)</span> : null}
    </Button>
  );
}

function StateDot({ on }: { on: boolean }) {
  return <span aria-hidden className={`mr-1 inline-block size-2 rounded-full ${on ? "bg-emerald-400" : "bg-slate-400"}`} />;
}
