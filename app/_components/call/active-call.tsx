import type { ActiveGrantView, CommandView } from "@/lib/api/call-schemas";
import type { LaunchCredentials } from "@/lib/client/fetch/fetcher";
import type { ControlProps } from "./call-ops";
import { MediaStatus } from "./media-status";
import { OwnActions } from "./own-actions";
import { PresentationPanel } from "../presentation/presentation-panel";

type ActiveCallProps = ControlProps & {
  grant: ActiveGrantView;
  commands: CommandView[];
  userId: string;
  launch: LaunchCredentials;
  campusOrigin: string;
  canControl: boolean;
  moderation: boolean;
  onExpired: (error: unknown) => void;
  onAccessLost: (error: unknown) => void;
  onCallChanged: () => void;
};

/**
 * The stage of an active grant: the tiles when the call is presented here, the member's own
 * controls (with calls:control) and native media status, then the presentation's settings.
 */
export function ActiveCall(props: ActiveCallProps) {
  return (
    <div data-testid="call-active" className="space-y-4">
      <PresentationPanel
        grant={props.grant}
        launch={props.launch}
        campusOrigin={props.campusOrigin}
        onExpired={props.onExpired}
        onAccessLost={props.onAccessLost}
        onCallChanged={props.onCallChanged}
      >
        {props.canControl ? <OwnActions {...props} /> : <p className="text-xs text-slate-600">Call controls need calls:control.</p>}
        <MediaStatus grant={props.grant} ownToggles={props.canControl} />
      </PresentationPanel>
    </div>
  );
}
