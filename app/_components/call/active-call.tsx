import type { ActiveGrantView, CommandView } from "@/lib/wire/call-routes";
import { PresentationPanel } from "../presentation/presentation-panel";
import { useCallContext } from "./call-context";
import { MediaStatus } from "./media-status";
import { OwnActions } from "./own-actions";

/**
 * The stage of an active grant: the tiles when the call is presented here, the member's own
 * controls (with calls:control) and native media status, then the presentation's settings.
 */
export function ActiveCall({ grant, commands }: { grant: ActiveGrantView; commands: CommandView[] }) {
  const { canControl } = useCallContext();
  return (
    <div data-testid="call-active" className="space-y-4">
      <PresentationPanel grant={grant}>
        {canControl ? <OwnActions grant={grant} commands={commands} /> : <p className="text-xs text-slate-600">Call controls need calls:control.</p>}
        <MediaStatus grant={grant} ownToggles={canControl} />
      </PresentationPanel>
    </div>
  );
}
