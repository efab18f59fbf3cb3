import { useState, type FormEvent, type ReactNode } from "react";
import type { CallRole } from "@/lib/contract";
import { Button } from "../status-panel";
import type { ControlProps } from "./call-ops";
import { ControlFeedback } from "./control-feedback";
import { RoleSelect, UserIdField, recipientBody } from "./fields";

type RecipientFormProps = ControlProps & {
  /** `start` or `invite`: names its test IDs (`<control>-recipient`, `<control>-role`, `call-<control>`) and its feedback. */
  control: "start" | "invite";
  title: string;
  recipientLabel: string;
  submitLabel: string;
  onSubmit: (body: ReturnType<typeof recipientBody>) => void;
  children?: ReactNode;
};

/** Spec 4.7 start and invite: an optional recipient and role; the campus confirms both natively. */
export function RecipientForm({ actions, disabled, control, title, recipientLabel, submitLabel, onSubmit, children }: RecipientFormProps) {
  const [recipientId, setRecipientId] = useState("");
  const [role, setRole] = useState<CallRole | "">("");

  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit(recipientBody(recipientId, role));
  }

  return (
    <form onSubmit={submit} className="space-y-2 rounded-lg border border-slate-200 p-3">
      <p className="text-sm font-medium">{title}</p>
      <div className="flex flex-wrap items-end gap-2">
        <UserIdField testId={`${control}-recipient`} label={recipientLabel} value={recipientId} onChange={setRecipientId} />
        <RoleSelect testId={`${control}-role`} value={role} onChange={setRole} />
        <Button testId={`call-${control}`} type="submit" disabled={disabled}>
          {actions.busy === control ? "Asking the campus…" : submitLabel}
        </Button>
      </div>
      {children}
      <ControlFeedback control={control} actions={actions} />
    </form>
  );
}
