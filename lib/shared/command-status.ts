import { TERMINAL_COMMAND_STATUSES, type CommandStatus } from "@/lib/contract";

/* Command statuses (spec 3), shared by the backend and the page. No server imports. */

const TERMINAL: readonly CommandStatus[] = TERMINAL_COMMAND_STATUSES;

/** `applied`, `declined`, `failed` and `expired` are final: nothing reads the command again (spec 4.8). */
export function isTerminalStatus(status: CommandStatus): boolean {
  return TERMINAL.includes(status);
}
