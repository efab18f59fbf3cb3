import type { ControlProps } from "./call-ops";
import { RecipientForm } from "./recipient-form";

/** Spec 4.7 `invite`: the campus opens its native invitation controls; acceptance shows in the roster later. */
export function InviteForm(props: ControlProps) {
  return <RecipientForm {...props} control="invite" title="Invite someone" recipientLabel="Permanent user ID" submitLabel="Invite" onSubmit={props.ops.invite} />;
}
