import "server-only";
import type { CommandView } from "@/lib/wire/call-routes";
import { LIMITS } from "@/lib/contract";
import type { SessionCredentials } from "@/lib/session/session-credentials";
import type { VisitorSession } from "@/lib/session/get-visitor-session";
import type { CallStateStore, CommandRecord } from "./call-state-store";
import { refreshCommandStatus, toCommandView } from "./command-view";
import { withCall, type CallDeps } from "./with-call";

/** Commands end within a minute (spec part 8); the list keeps them a while longer so the member sees how they ended. */
export const RECENT_COMMAND_SECONDS = 10 * LIMITS.commandLifetimeSeconds;
export const RECENT_COMMANDS_LIMIT = 20;

/**
 * Spec 4.8: the session's recent commands, oldest first (a log: the newest is last), with their
 * current status. The campus is asked only about commands that have not ended; a final status never changes.
 */
export function listSessionCommands(credentials: SessionCredentials, deps: CallDeps): Promise<CommandView[]> {
  return withCall(credentials, deps, { scope: "calls:control" }, async ({ session }) => {
    const records = (await getSessionCommands(session, deps.callState)).sort((a, b) => b.createdAt - a.createdAt);
    const cutoff = deps.now() - RECENT_COMMAND_SECONDS * 1000;
    const recent = records.filter((record, index) => record.createdAt > cutoff && index < RECENT_COMMANDS_LIMIT);
    const old = records.filter((record) => !recent.includes(record));
    await Promise.all(old.map((record) => deps.callState.deleteCommand(session.boundSid, record.ref)));
    const current = await Promise.all(recent.map((record) => refreshCommandStatus(record, session, deps)));
    return current.map(toCommandView).reverse();
  });
}

/** The session's commands as its current member may use them (what a previous member of the launch sent is not theirs). */
async function getSessionCommands(session: VisitorSession, callState: CallStateStore): Promise<CommandRecord[]> {
  return (await callState.listCommands(session.boundSid)).filter((record) => record.userId === session.member.userId);
}

