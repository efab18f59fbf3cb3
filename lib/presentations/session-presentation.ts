import "server-only";
import type { PresentationView } from "@/lib/wire/presentation-routes";
import type { CallStateStore, PresentationBinding } from "@/lib/calls/call-state-store";
import type { Presentation } from "@/lib/contract";
import { AppError } from "@/lib/errors";
import type { VisitorSession } from "@/lib/session/get-visitor-session";

export const NO_PRESENTATION = "There is no presentation in this session; start one";

/** The session's presentation, if its current member prepared it (like the grant, spec 4 "Command request rules"). */
export async function getSessionPresentation(session: VisitorSession, callState: CallStateStore): Promise<PresentationBinding | undefined> {
  const binding = await callState.getPresentation(session.boundSid);
  return binding?.userId === session.member.userId ? binding : undefined;
}

/** Spec part 7, CALL_CONFLICT: nothing to commit or beat for; the page prepares a new one. */
export async function requireSessionPresentation(session: VisitorSession, callState: CallStateStore): Promise<PresentationBinding> {
  const binding = await getSessionPresentation(session, callState);
  if (!binding) throw new AppError("CALL_CONFLICT", NO_PRESENTATION);
  return binding;
}

/** The campus's presentation as the page sees it: no presentation ID. */
export function toPresentationView(presentation: Presentation): PresentationView {
  const { presentationId: _presentationId, ...view } = presentation;
  return view;
}
