import { useId, useState, type FormEvent, type ReactNode } from "react";
import type { CallRole } from "@/lib/contract";
import { Button } from "../ui/button";
import { useCallContext } from "./call-context";
import { ControlFeedback } from "./control-feedback";
import { MemberSelect, RoleSelect, UserIdField, recipientBody, type KnownMember, BY_ID } from "./recipient-fields";

type RecipientFormProps = {
  /** `start` or `invite`: names its test IDs (`<control>-member`, `<control>-recipient`, `<control>-role`, `call-<control>`) and its feedback. */
  control: "start" | "invite";
  title: string;
  submitLabel: string;
  /** Members to pick from by username; without them (no roster yet) the permanent ID is typed. */
  members?: readonly KnownMember[];
  onSubmit: (body: ReturnType<typeof recipientBody>) => void;
  children?: ReactNode;
};

/** Spec 4.7 start and invite: an optional recipient and role; the campus confirms both natively. */
export function RecipientForm({ control, title, submitLabel, members, onSubmit, children }: RecipientFormProps) {
  const { actions, disabled } = useCallContext();
  const [picked, setPicked] = useState("");
  const [typedId, setTypedId] = useState("");
  const [role, setRole] = useState<CallRole | "">("");
  const titleId = useId();
  const typing = members === undefined || picked === BY_ID;

  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit(recipientBody(typing ? typedId : picked, role));
  }

  return (
    <form onSubmit={submit} aria-labelledby={titleId} className="space-y-2 rounded-lg border border-slate-200 bg-white p-3">
      <h3 id={titleId} className="text-sm font-semibold">
        {title}
      </h3>
      {members ? <MemberSelect testId={`${control}-member`} members={members} value={picked} onChange={setPicked} /> : null}
      <div className="flex flex-wrap items-end gap-2">
        {typing ? <UserIdField testId={`${control}-recipient`} label="Permanent user ID" value={typedId} onChange={setTypedId} /> : null}
        <RoleSelect testId={`${control}-role`} value={role} onChange={setRole} />
        <Button testId={`call-${control}`} type="submit" size="sm" className="py-2" disabled={disabled}>
          {actions.busy === control ? "Asking the campus…" : submitLabel}
        </Button>
      </div>
      {children}
      <ControlFeedback control={control} actions={actions} />
    </form>
  );
}
