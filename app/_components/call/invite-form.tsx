import { useState, type FormEvent } from "react";
import type { CallRole } from "@/lib/contract";
import { Button } from "../status-panel";
import type { ControlProps } from "./call-ops";
import { ControlFeedback } from "./control-feedback";
import { RoleSelect, UserIdField, recipientBody } from "./fields";

/** Spec 4.7 `invite`: the campus opens its native invitation controls; acceptance shows in the roster later. */
export function InviteForm({ ops, actions, disabled }: ControlProps) {
  const [recipientId, setRecipientId] = useState("");
  const [role, setRole] = useState<CallRole | "">("");

  function submit(event: FormEvent) {
    event.preventDefault();
    ops.invite(recipientBody(recipientId, role));
  }

  return (
    <form onSubmit={submit} className="space-y-2 rounded-lg border border-slate-200 p-3">
      <p className="text-sm font-medium">Invite someone</p>
      <div className="flex flex-wrap items-end gap-2">
        <UserIdField testId="invite-recipient" label="Permanent user ID" value={recipientId} onChange={setRecipientId} />
        <RoleSelect testId="invite-role" value={role} onChange={setRole} />
        <Button testId="call-invite" type="submit" disabled={disabled}>
          {actions.busy === "invite" ? "Asking the campus…" : "Invite"}
        </Button>
      </div>
      <ControlFeedback control="invite" actions={actions} />
    </form>
  );
}
