import type { GrantView } from "@/lib/wire/call-routes";
import { Button } from "../ui/button";
import { useCallContext } from "./call-context";
import { ControlFeedback } from "./control-feedback";

/** Spec 4.4: "Use this call" asks the campus for native approval. */
export function AttachControl() {
  const { ops, actions, disabled } = useCallContext();
  return (
    <div className="space-y-2">
      <Button testId="call-attach" disabled={disabled} onClick={ops.attach}>
        {actions.busy === "attach" ? "Asking the campus…" : "Use this call"}
      </Button>
      <ControlFeedback control="attach" actions={actions} />
    </div>
  );
}

/** A grant the member denied, or whose approval ended (left the call, consent or registration changed). */
export function GrantEnded({ grant }: { grant: GrantView | null | undefined }) {
  if (grant?.status === "denied") {
    return (
      <p data-testid="grant-denied" className="text-sm text-slate-600">
        You declined &ldquo;Use this call in this app&rdquo;. You can ask again.
      </p>
    );
  }
  if (grant?.status === "ended") {
    return (
      <p data-testid="grant-ended" className="text-sm text-slate-600">
        This app&rsquo;s access to the call ended.
      </p>
    );
  }
  return null;
}

/** The grant awaits the member's answer in the campus page (spec 3, grant `approval`). */
export function WaitingApproval() {
  return (
    <div data-testid="call-waiting-approval" aria-busy className="flex items-center gap-3 rounded-lg bg-indigo-50 p-3 text-sm text-indigo-900">
      <span aria-hidden className="size-2 motion-safe:animate-pulse rounded-full bg-indigo-500" />
      Approve &lsquo;Use this call in this app&rsquo; in the campus page.
    </div>
  );
}
