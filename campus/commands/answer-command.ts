import type { Command } from "../../lib/contract";
import type { Clock } from "../core/clock";
import { hasExpired } from "../core/clock";
import { CampusError, restError } from "../core/errors";
import type { CampusState } from "../state/campus-state";
import type { CallCommand } from "../state/commands";
import { isCommandOpen } from "../state/commands";
import type { PromptChoice } from "./apply-command";
import { applyCommand } from "./apply-command";

/** Spec 3: a command not terminal one minute after creation (campus clock) is `expired`. */
export function expireIfDue(clock: Clock, command: CallCommand): CallCommand {
  if (isCommandOpen(command) && hasExpired(clock, command.expiresAt)) {
    command.status = "expired";
    command.result = { message: "The member did not answer within one minute" };
  }
  return command;
}

/** Applies a command now: `applied`, or `failed` with the precondition that no longer held. */
export function settleCommand(state: CampusState, clock: Clock, command: CallCommand, choice?: PromptChoice): void {
  try {
    applyCommand(state, clock, command, choice);
    command.status = "applied";
  } catch (error) {
    if (!(error instanceof CampusError)) throw error;
    command.status = "failed";
    command.result = { code: error.code, message: error.message };
  }
}

function requireOpenPrompt(clock: Clock, command: CallCommand | undefined): CallCommand {
  if (!command || !command.native) throw restError("CALL_CONFLICT", "No native prompt has this command ID");
  expireIfDue(clock, command);
  if (!isCommandOpen(command)) throw restError("CALL_CONFLICT", `The prompt is no longer open: the command is ${command.status}`);
  return command;
}

/** The member confirmed the native prompt (campus page or control API). */
export function confirmCommand(state: CampusState, clock: Clock, command: CallCommand | undefined, choice?: PromptChoice): CallCommand {
  const open = requireOpenPrompt(clock, command);
  settleCommand(state, clock, open, choice);
  return open;
}

export function declineCommand(clock: Clock, command: CallCommand | undefined): CallCommand {
  const open = requireOpenPrompt(clock, command);
  open.status = "declined";
  open.result = { message: "The member declined in the campus" };
  return open;
}

/** The page shows the prompt: the command is now being shown to the member (`working`). */
export function markPromptShown(command: CallCommand): void {
  if (command.status === "pending") command.status = "working";
}

/** The open prompts of one member's campus tab, oldest first. */
export function listOpenPrompts(state: CampusState, clock: Clock, input: { userId: string; tabId: string }): CallCommand[] {
  return state.commands
    .listCommands()
    .filter((command) => command.native && command.userId === input.userId && command.tabId === input.tabId)
    .filter((command) => isCommandOpen(expireIfDue(clock, command)));
}

/** Spec 2 Command: `{ commandId, status, result? }` (field names: lib/contract/commands.ts). */
export function toCommandRead(clock: Clock, command: CallCommand): Command {
  expireIfDue(clock, command);
  return command.result === null
    ? { commandId: command.commandId, status: command.status }
    : { commandId: command.commandId, status: command.status, result: { ...command.result } };
}
