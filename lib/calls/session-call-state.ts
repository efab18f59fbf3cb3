import "server-only";
import type { VisitorSession } from "@/lib/session/get-visitor-session";
import type { CallStateStore, CommandRecord } from "./call-state-store";

/*
 * The session's call state as its current member may use it. A sid outlives its member only in
 * one case (a record ended by a 401, then a login of another member in the same launch); what
 * the previous member attached or sent is then not theirs to use.
 */

export async function getSessionGrantId(session: VisitorSession, callState: CallStateStore): Promise<string | undefined> {
  const binding = await callState.getGrant(session.sid);
  return binding?.userId === session.member.userId ? binding.grantId : undefined;
}

export async function getSessionCommands(session: VisitorSession, callState: CallStateStore): Promise<CommandRecord[]> {
  return (await callState.listCommands(session.sid)).filter((record) => record.userId === session.member.userId);
}
