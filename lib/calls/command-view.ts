import "server-only";
import type { CommandView } from "@/lib/wire/call-routes";
import type { VisitorSession } from "@/lib/session/get-visitor-session";
import { isFinalStatus } from "@/lib/shared/final-status";
import type { CommandRecord } from "./call-state-store";
import type { CallDeps } from "./with-call";

/** What the page sees of a command: its ref, what was asked and how it ended; no clientId or commandId. */
export function toCommandView(record: CommandRecord): CommandView {
  return {
    ref: record.ref,
    kind: record.kind,
    ...record.payload,
    status: record.status,
    ...(record.result ? { result: record.result } : {}),
    createdAt: new Date(record.createdAt).toISOString(),
  };
}

/**
 * Spec 4.8: the command's current status from the campus, unless it already ended (a final
 * status never changes). Writes only this command's own record, so a concurrent send or poll never
 * loses another command.
 */
export async function refreshCommandStatus(record: CommandRecord, session: VisitorSession, deps: Pick<CallDeps, "campus" | "callState">): Promise<CommandRecord> {
  if (isFinalStatus(record.status)) return record;
  const command = await deps.campus.getCommand(session.accessToken, record.commandId);
  if (command.status === record.status) return record;
  const { result: _previous, ...rest } = record;
  const updated: CommandRecord = { ...rest, status: command.status, ...(command.result ? { result: command.result } : {}) };
  await deps.callState.putCommand(session.boundSid, updated);
  return updated;
}
