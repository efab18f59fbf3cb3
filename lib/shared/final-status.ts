import { FINAL_COMMAND_STATUSES, FINAL_PRESENTATION_STATUSES, type CommandStatus, type PresentationStatus } from "@/lib/contract";

/*
 * One idea for commands and presentations alike: a final status never changes again. Shared by
 * the backend and the page. No server imports.
 */

const FINAL: ReadonlySet<CommandStatus | PresentationStatus> = new Set([...FINAL_COMMAND_STATUSES, ...FINAL_PRESENTATION_STATUSES]);

/**
 * A command `applied`, `declined`, `failed` or `expired`: nothing reads it again (spec 4.8).
 * A presentation `released` or `restored`: a new one must be prepared (spec 3).
 */
export function isFinalStatus(status: CommandStatus | PresentationStatus): boolean {
  return FINAL.has(status);
}
