import { Button } from "../ui/button";
import { useCallContext } from "./call-context";
import { ControlFeedback } from "./control-feedback";
import { RecipientForm } from "./recipient-form";

/** No accepted call in this campus tab: how to get one, and with calls:control, start or accept from here. */
export function NoCall() {
  const call = useCallContext();
  return (
    <div data-testid="call-unavailable" className="space-y-4">
      <p className="text-sm text-slate-700">
        Join or start a call in the campus page, then come back here. Invitations waiting for you do not count until you accept them.
      </p>
      {call.canControl ? (
        <>
          <StartForm />
          <div className="space-y-1">
            <Button testId="call-accept" variant="secondary" disabled={call.disabled} onClick={call.ops.accept}>
              {call.actions.busy === "accept" ? "Asking the campus…" : "Accept my invitation"}
            </Button>
            <p className="text-xs text-slate-600">You confirm in the campus page.</p>
            <ControlFeedback control="accept" actions={call.actions} />
          </div>
        </>
      ) : (
        <p className="text-xs text-slate-600">Starting a call from this app needs calls:control.</p>
      )}
    </div>
  );
}

function StartForm() {
  const { ops } = useCallContext();
  return (
    <RecipientForm control="start" title="Start a call" submitLabel="Start" onSubmit={ops.start}>
      <p className="text-xs text-slate-600">The campus page asks you to confirm the recipient and role.</p>
    </RecipientForm>
  );
}
