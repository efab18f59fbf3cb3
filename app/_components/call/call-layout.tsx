import type { ReactNode } from "react";
import { Button } from "../ui/button";

/**
 * Stage first: the call and its tiles take the frame's width, the side panel (roster, poll,
 * requests) sits beside it from 768 px and scrolls on its own, so working in it never scrolls the
 * tiles away (the campus takes a presentation back when its tiles are out of view). Narrower, the
 * panel follows the stage and the tiles stick to the top of the frame.
 */
export function CallLayout({ busyRegion, ...props }: {
  stage: ReactNode;
  panel: ReactNode;
  onRefresh?: (() => void) | undefined;
  checking?: boolean;
  /** Marked aria-busy while a call action runs (lib/client/call/busy-mark.ts). */
  busyRegion?: (element: HTMLElement | null) => void;
}) {
  return (
    <div ref={busyRegion} data-testid="call-view" className="flex-1 md:grid md:min-h-0 md:grid-cols-[minmax(0,1fr)_minmax(18rem,24rem)]">
      <section aria-labelledby="call-title" data-focus-home tabIndex={-1} className="space-y-4 p-4 md:overflow-y-auto">
        <div className="flex items-center justify-between gap-3">
          <h2 id="call-title" className="text-base font-semibold tracking-tight">
            Your campus call
          </h2>
          {props.onRefresh ? (
            <Button testId="call-refresh" variant="secondary" size="sm" onClick={props.onRefresh} disabled={props.checking}>
              {props.checking ? "Checking…" : "Check again"}
            </Button>
          ) : null}
        </div>
        {props.stage}
      </section>
      <aside
        aria-label="People, activity and requests"
        data-focus-home
        tabIndex={-1}
        className="space-y-6 border-t border-slate-200 bg-white p-4 md:overflow-y-auto md:border-t-0 md:border-l"
      >
        {props.panel}
      </aside>
    </div>
  );
}
