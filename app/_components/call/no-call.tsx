import { useState, type FormEvent } from "react";
import type { CallRole } from "@/lib/contract";
import { Button } from "../status-panel";
import type { ControlProps } from "./call-ops";
import { ControlFeedback } from "./control-feedback";
import { RoleSelect, UserIdField, recipientBody } from "./fields";

/** No accepted call in this campus tab: how to get one, and with calls:control, start or accept from here. */
export function NoCall(props: ControlProps & { canControl: boolean }) {
  return (
    <div data-testid="call-unavailable" className="space-y-4">
      <p className="text-sm text-slate-600">
        Join or start a call in the campus page, then come back here. Invitations waiting for you do not count until you accept them.
      </p>
      {props.canControl ? (
        <>
          <StartForm {...props} />
          <div className="space-y-1">
            <Button testId="call-accept" variant="secondary" disabled={props.disabled} onClick={props.ops.accept}>
              {props.actions.busy === "accept" ? "Asking the campus…" : "Accept my invitation"}
            </Button>
            <p className="text-xs text-slate-500">You confirm in the campus page.</p>
            <ControlFeedback control="accept" actions={props.actions} />
          </div>
        </>
      ) : (
        <p className="text-xs text-slate-500">Starting a call from this app needs calls:control.</p>
      )}
    </div>
  );
}

function StartForm({ ops, actions, disabled }: ControlProps) {
  const [recipientId, setRecipientId] = useState("");
  const [role, setRole] = useState<CallRole | "">("");

  function submit(event: FormEvent) {
    event.preventDefault();
    ops.start(recipientBody(recipientId, role));
  }

  return (
    <form onSubmit={submit} className="space-y-2 rounded-lg border border-slate-200 p-3">
      <p className="text-sm font-medium">Start a call</p>
      <div className="flex flex-wrap items-end gap-2">
        <UserIdField testId="start-recipient" label="Invite (permanent user ID)" value={recipientId} onChange={setRecipientId} />
        <RoleSelect testId="start-role" value={role} onChange={setRole} />
        <Button testId="call-start" type="submit" disabled={disabled}>
          {actions.busy === "start" ? "Asking the campus…" : "Start"}
        </Button>
      </div>
      <p className="text-xs text-slate-500">The campus page asks you to confirm the recipient and role.</p>
      <ControlFeedback control="start" actions={actions} />
    </form>
  );
}
