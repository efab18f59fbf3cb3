import "server-only";
import { backoffDelayMs } from "@/lib/backoff";
import type { CampusApi } from "@/lib/campus-api";
import type { CommandAccepted } from "@/lib/contract";
import { AppError } from "@/lib/errors";
import { sha256Hex } from "@/lib/security/random";
import type { SessionCredentials } from "@/lib/session/session-credentials";
import type { VisitorSession } from "@/lib/session/get-visitor-session";
import type { CommandRequest, CommandView, StartRequest } from "@/lib/wire/call-routes";
import type { CommandRecord } from "./call-state-store";
import { refreshCommandStatus, toCommandView } from "./command-view";
import { withCall, type CallDeps } from "./with-call";

/** What sending a command needs, injected so tests can pass a fake campus, fresh stores and no real waits. */
export type SendCommandDeps = CallDeps & {
  newClientId: () => string;
  /** The session-local name of a command, the only one the page sees. */
  newRef: () => string;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
  /** Spec 4.7 activityInvite: the activity this session registered (lib/activity); CALL_CONFLICT without one. */
  inviterActivityId: (session: VisitorSession) => Promise<string>;
};

/** A command the page asks for: start and accept need no grant, the other kinds use the session's (activityInvite also its activity). */
export type SessionCommand = ({ kind: "start" } & StartRequest) | { kind: "accept" } | CommandRequest;

/**
 * Retries of one command after a failure in transit (network error, timeout, dropped response)
 * or a 503: the same clientId and payload each time, so the campus answers the same commandId
 * and applies the command once (spec 4.7). Capped and jittered; the whole try fits in about
 * ten seconds, with COMMAND_ATTEMPT_TIMEOUT_MS per attempt.
 */
export const COMMAND_RETRY = { maxAttempts: 4, budgetMs: 10_000, baseDelayMs: 250, maxDelayMs: 2_000 } as const;

/**
 * Spec 4.2 and 4.7: one user action becomes one campus command. The grant comes from the session,
 * userinfo is checked first, and the command is sent (and retried) with one clientId. That clientId
 * is held in the call state until the campus answers: when every retry failed in transit, the
 * campus may have the command, and the member's next click on the same command (within
 * UNSETTLED_CLIENT_ID_TTL_SECONDS, with no other command in between) sends it again under the
 * same clientId, so it applies once. Any other command ends that hold: a repeat after it is a new
 * intent (mute, unmute, mute), and the old clientId would only fetch the old command's answer.
 * A 429 is never replayed under a new clientId: it goes back to the page with its Retry-After.
 */
export function sendCommand(credentials: SessionCredentials, command: SessionCommand, deps: SendCommandDeps): Promise<CommandView> {
  const needsGrant = command.kind !== "start" && command.kind !== "accept";
  let activityId = "";
  const check = async (session: VisitorSession) => {
    if (command.kind === "activityInvite") activityId = await deps.inviterActivityId(session);
  };
  const rule = { scope: "calls:control", grant: needsGrant ? "required" : undefined, check, verify: true } as const;
  return withCall(credentials, deps, rule, async ({ session, grantId }) => {
    const target = { grantId: grantId ?? "", activityId };
    const payloadKey = commandPayloadKey(session.member.userId, target, command);
    const clientId = (await deps.callState.getUnsettledClientId(session.boundSid, payloadKey)) ?? deps.newClientId();
    await deps.callState.holdUnsettledClientId(session.boundSid, payloadKey, clientId);
    const issue = commandRequest(deps.campus, session.accessToken, target, command, clientId);
    let commandId: string;
    try {
      ({ commandId } = await withRetries(issue, deps));
      await deps.callState.settleClientId(session.boundSid, clientId);
    } catch (error) {
      // Anything but a failure in transit is the campus's answer: the command is settled, refused.
      if (!isRetryable(error)) await deps.callState.settleClientId(session.boundSid, clientId);
      throw error;
    }

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
    await deps.callState.putCommand(session.boundSid, record);
    // Many commands apply at once (spec 4.7: camera-off and mute): their status is read now, so
    // the page shows the outcome with this answer instead of a poll later. A failed read is not
    // the command's failure: the record stays pending, and the page's poll reads it again.
    return toCommandView(await refreshCommandStatus(record, session, deps).catch(() => record));
  });
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

async function withRetries<T>(attempt: () => Promise<T>, deps: Pick<SendCommandDeps, "now" | "sleep" | "random">): Promise<T> {
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
