import type { CallOperation, CommandKind, CommandStatus } from "../../lib/contract";
import { LIMITS, FINAL_COMMAND_STATUSES } from "../../lib/contract";
import type { Clock } from "../core/clock";
import { createPrefixedId } from "../core/ids";

/** The command endpoints: start and accept, and the grant command kinds (spec 4.7). */
export type CallCommandKind = "start" | "accept" | CommandKind;

/** What the app asked for: its CallOperation body without the idempotency key. */
export type CommandParameters = Omit<CallOperation, "clientId">;

const FINAL: readonly CommandStatus[] = FINAL_COMMAND_STATUSES;

/** Spec 3 "Command status": applied, declined, failed and expired are final; pending and working are open. */
export function isCommandOpen(command: Pick<CallCommand, "status">): boolean {
  return !FINAL.includes(command.status);
}

export type CommandResult = { code?: string; message: string };

/** A queued call command (spec 2 Command), issued by one app for one member from one launch. */
export type CallCommand = {
  commandId: string;
  appClientId: string;
  userId: string;
  launchId: string;
  /** The campus tab whose page shows the native prompt. */
  tabId: string;
  /** The app's idempotency key and the payload it was first sent with. */
  requestClientId: string;
  payload: string;
  kind: CallCommandKind;
  parameters: CommandParameters;
  grantId: string | null;
  participationId: string | null;
  invitationId: string | null;
  /** Needs the member's native confirmation in the campus tab. */
  native: boolean;
  status: CommandStatus;
  result: CommandResult | null;
  createdAt: number;
  expiresAt: number;
};

export type NewCallCommand = Omit<CallCommand, "commandId" | "status" | "result" | "createdAt" | "expiresAt">;

export type CommandStore = ReturnType<typeof createCommandStore>;

export function createCommandStore(clock: Clock) {
  const commands = new Map<string, CallCommand>();
  const requestKey = (appClientId: string, userId: string, requestClientId: string) => `${appClientId}\n${userId}\n${requestClientId}`;
  const byRequest = new Map<string, CallCommand>();

  return {
    addCommand(input: NewCallCommand): CallCommand {
      const createdAt = clock.now();
      const command: CallCommand = {
        ...input,
        commandId: createPrefixedId("cmd"),
        status: "pending",
        result: null,
        createdAt,
        expiresAt: createdAt + LIMITS.commandLifetimeSeconds * 1000,
      };
      commands.set(command.commandId, command);
      byRequest.set(requestKey(command.appClientId, command.userId, command.requestClientId), command);
      return command;
    },
    findCommand: (commandId: string) => commands.get(commandId),
    /** Spec 4 "Command request rules": idempotency per app registration and member. */
    findByRequest: (appClientId: string, userId: string, requestClientId: string) =>
      byRequest.get(requestKey(appClientId, userId, requestClientId)),
    listCommands: (): CallCommand[] => [...commands.values()],
  };
}
