import { useState } from "react";
import type { ActiveGrantView } from "@/lib/wire/call-routes";
import { useCallContext } from "./call-context";
import type { KnownMember } from "./recipient-fields";
import { RecipientForm } from "./recipient-form";

/**
 * Spec 4.7 `invite`: the campus opens its native invitation controls; acceptance shows in the
 * roster later. The app has no member directory, so it offers whom it has seen in the roster of
 * this call (someone who left can be invited back), and a typed permanent ID for anyone else.
 */
export function InviteForm({ grant }: { grant: ActiveGrantView }) {
  const call = useCallContext();
  const { participants } = grant;
  const [seen, setSeen] = useState<ReadonlyMap<string, string>>(new Map());
  // Remembered during render (React's "storing information from previous renders").
  if (participants.some((participant) => seen.get(participant.userId) !== participant.username)) {
    setSeen(new Map([...seen, ...participants.map((participant) => [participant.userId, participant.username] as const)]));
  }
  const inCall = new Set(participants.map((participant) => participant.userId));
  const members: KnownMember[] = [...seen]
    .filter(([userId]) => userId !== call.userId)
    .map(([userId, username]) => ({ userId, username, inCall: inCall.has(userId) }))
    .sort((a, b) => Number(a.inCall) - Number(b.inCall) || a.username.localeCompare(b.username));
  return <RecipientForm control="invite" title="Invite someone" submitLabel="Invite" members={members} onSubmit={call.ops.invite} />;
}
