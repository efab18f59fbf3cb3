import { useState } from "react";
import type { ActiveGrantView } from "@/lib/api/call-schemas";
import type { LaunchCredentials } from "@/lib/client/fetcher";
import type { ControlProps } from "./call-ops";
import { InviteForm } from "./invite-form";
import { MediaStatus } from "./media-status";
import { OwnActions } from "./own-actions";
import { PresentationPanel } from "./presentation/presentation-panel";
import { Roster } from "./roster";

type ActiveCallProps = ControlProps & {
  grant: ActiveGrantView;
  userId: string;
  launch: LaunchCredentials;
  campusOrigin: string;
  canControl: boolean;
  onExpired: (error: unknown) => void;
  onAccessLost: (error: unknown) => void;
  onCallChanged: () => void;
};

/**
 * An active grant: the public roster, native media status, the presentation of the call in this
 * app and, with calls:control, the call commands.
 */
export function ActiveCall(props: ActiveCallProps) {
  // Host-only moderation shows where the host may use it; opened, it shows on every row, so a
  // non-host can see the campus refuse it (spec 4.7: only the current host).
  const [moderation, setModeration] = useState(false);
  return (
    <div data-testid="call-active" className="space-y-4">
      <MediaStatus grant={props.grant} />
      <PresentationPanel
        grant={props.grant}
        launch={props.launch}
        campusOrigin={props.campusOrigin}
        onExpired={props.onExpired}
        onAccessLost={props.onAccessLost}
        onCallChanged={props.onCallChanged}
      />
      {props.canControl ? <OwnActions {...props} moderation={moderation} /> : null}
      <div className="space-y-2">
        <div className="flex items-center justify-between">
          <h3 className="text-sm font-medium">In the call</h3>
          {props.canControl ? (
            <label className="flex items-center gap-1.5 text-xs text-slate-600">
              <input
                type="checkbox"
                data-testid="show-moderation"
                checked={moderation}
                onChange={(event) => setModeration(event.target.checked)}
              />
              Show all moderation
            </label>
          ) : null}
        </div>
        <Roster {...props} moderation={moderation} />
      </div>
      {props.canControl ? <InviteForm {...props} /> : <p className="text-xs text-slate-500">Call controls need calls:control.</p>}
    </div>
  );
}
