import "server-only";
import type { CommandRequest, CommandView, StartRequest } from "@/lib/wire/calls";
import { getSessionActivity } from "@/lib/activity/activity-access";
import { verifyAccess } from "@/lib/auth/check-access";
import { backoffDelayMs } from "@/lib/backoff";
import type { CampusApi } from "@/lib/campus-api";
import type { CommandAccepted } from "@/lib/contract";
import { AppError } from "@/lib/errors";
import { sha256Hex } from "@/lib/security/random";
import type { SessionCarrier } from "@/lib/session/carrier";
import type { VisitorSession } from "@/lib/session/get-visitor-session";
import { clearingStaleBindings } from "./access-loss";
import type { CommandRecord } from "./call-state-store";
import { getCallSession } from "./call-session";
import { toCommandView } from "./command-view";
import type { CallDeps } from "./deps";
import { getSessionGrantId } from "./session-call-state";

/** A command the page asks for: start and accept need no grant, the other kinds use the session's (activityInvite also its activity). */
export type SessionCommand = ({ kind: "start" } & StartRequest) | { kind: "accept" } | CommandRequest;

/**
 * Retries of one command after a failure in transit (network error, timeout, dropped response)
 * or a 503: the same clientId and payload each time, so the campus answers the same commandId
 * and applies the command once (spec 4.7). Capped and jittered; the whole try fits in about
 * ten seconds, with COMMAND_ATTEMPT_TIMEOUT_MS per attempt.
 */
export const COMMAND_RETRY = { maxAttempts: 4, budgetMs: 10_000, baseDelayMs: 250, maxDelayMs: 2_000 } as const;

export const NO_GRANT = "This app is not attached to your call yet; use the call in this app first";
export const NO_ACTIVITY = "Start an activity in this app first: invitations are to the activity you started";

/**
 * Spec 4.2 and 4.7: one user action becomes one campus command. The grant comes from the session,
 * userinfo is checked first, and the command is sent (and retried) with one clientId. That clientId
 * is held in the call state until the campus answers: when every retry failed in transit, the
 * campus may have the command, and the member's next click on the same command (within
 * UNSETTLED_CLIENT_ID_TTL_SECONDS) sends it again under the same clientId, so it applies once.
 * A 429 is never replayed under a new clientId: it goes back to the page with its Retry-After.
 */
export async function sendCommand(carrier: SessionCarrier, command: SessionCommand, deps: CallDeps): Promise<CommandView> {
  const session = await getCallSession(carrier, deps, "calls:control");
  const grantId = command.kind === "start" || command.kind === "accept" ? undefined : await requireGrantId(session, deps);
  const activityId = command.kind === "activityInvite" ? await requireActivityId(session, deps) : "";
  await verifyAccess(session, deps);

  const target = { grantId: grantId ?? "", activityId };
  const payloadKey = commandPayloadKey(session.member.userId, target, command);
  const clientId = (await deps.callState.getUnsettledClientId(session.sid, payloadKey)) ?? deps.newClientId();
  await deps.callState.holdUnsettledClientId(session.sid, payloadKey, clientId);
  const issue = commandRequest(deps.campus, session.accessToken, target, command, clientId);
  const { commandId } = await clearingStaleBindings(session.sid, deps.callState, async () => {
    try {
      const accepted = await withRetries(issue, deps);
      await deps.callState.settleClientId(session.sid, payloadKey);
      return accepted;
    } catch (error) {
      // Anything but a failure in transit is the campus's answer: the command is settled, refused.
      if (!isRetryable(error)) await deps.callState.settleClientId(session.sid, payloadKey);
      throw error;
    }
  });

  const { kind, ...payload } = command;
  const record: CommandRecord = {
    ref: deps.newRef(),
    userId: session.member.userId,
    clientId,
    kind,
    payload,
    commandId,
    status: "pending",
    createdAt: deps.now(),
  };
  await deps.callState.putCommand(session.sid, record);
  return toCommandView(record);
}

async function requireGrantId(session: VisitorSession, deps: CallDeps): Promise<string> {
  const grantId = await getSessionGrantId(session, deps.callState);
  // Spec part 7, CALL_CONFLICT: the page refreshes its call state and offers attach.
  if (!grantId) throw new AppError("CALL_CONFLICT", NO_GRANT);
  return grantId;
}

/** Spec 4.7 activityInvite: the activity this session registered, never one the page names. */
async function requireActivityId(session: VisitorSession, deps: CallDeps): Promise<string> {
  const access = await getSessionActivity(session, deps.activityAccess);
  if (access?.role !== "inviter") throw new AppError("CALL_CONFLICT", NO_ACTIVITY);
  return access.activityId;
}

/** The same command of the same member to the same grant and activity: one key, whatever order its fields came in. */
function commandPayloadKey(userId: string, target: { grantId: string; activityId: string }, command: SessionCommand): string {
  const fields = Object.entries({ userId, ...target, ...command }).sort(([a], [b]) => a.localeCompare(b));
  return sha256Hex(JSON.stringify(fields));
}

/** The campus request of one command, its body built once so every attempt sends the same bytes. */
function commandRequest(
  campus: CampusApi,
  accessToken: string,
  { grantId, activityId }: { grantId: string; activityId: string },
  command: SessionCommand,
  clientId: string,
): () => Promise<CommandAccepted> {
  switch (command.kind) {
    case "start": {
      const { kind: _kind, ...rest } = command;
      const body = { clientId, ...rest };
      return () => campus.startCall(accessToken, body);
    }
    case "accept": {
      const body = { clientId };
      return () => campus.acceptCall(accessToken, body);
    }
    case "invite": {
      const { kind, ...rest } = command;
      const body = { clientId, ...rest };
      return () => campus.sendGrantCommand(accessToken, grantId, kind, body);
    }
    case "action": {
      const { kind, ...rest } = command;
      const body = { clientId, ...rest };
      return () => campus.sendGrantCommand(accessToken, grantId, kind, body);
    }
    case "playback": {
      const { kind, ...rest } = command;
      const body = { clientId, ...rest };
      return () => campus.sendGrantCommand(accessToken, grantId, kind, body);
    }
    case "activityInvite": {
      const body = { clientId, activityId };
      return () => campus.sendGrantCommand(accessToken, grantId, command.kind, body);
    }
  }
}

/** Failures in transit and 503s read as INTERNAL_SERVER_ERROR (lib/campus-api/request.ts); nothing else is retried. */
function isRetryable(error: unknown): boolean {
  return error instanceof AppError && error.code === "INTERNAL_SERVER_ERROR";
}

async function withRetries<T>(attempt: () => Promise<T>, deps: Pick<CallDeps, "now" | "sleep" | "random">): Promise<T> {
  const startedAt = deps.now();
  for (let attempts = 1; ; attempts++) {
    try {
      return await attempt();
    } catch (error) {
      if (!isRetryable(error) || attempts >= COMMAND_RETRY.maxAttempts) throw error;
      const delay = backoffDelayMs(attempts, COMMAND_RETRY, deps.random);
      if (deps.now() - startedAt + delay > COMMAND_RETRY.budgetMs) throw error;
      await deps.sleep(delay);
    }
  }
}
