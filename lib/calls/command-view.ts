import "server-only";
import type { CommandView } from "@/lib/wire/calls";
import { TERMINAL_COMMAND_STATUSES, type CommandStatus } from "@/lib/contract";
import type { CommandRecord } from "./call-state-store";

const TERMINAL: readonly CommandStatus[] = TERMINAL_COMMAND_STATUSES;

export function isTerminal(status: CommandStatus): boolean {
  return TERMINAL.includes(status);
}

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
