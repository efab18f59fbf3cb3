import "server-only";
import { withCall, type CallDeps } from "@/lib/calls/with-call";
import type { Presentation } from "@/lib/contract";
import { AppError } from "@/lib/errors";
import type { SessionCredentials } from "@/lib/session/session-credentials";
import type { SessionRecord } from "@/lib/session/records";
import { isFinalStatus } from "@/lib/shared/final-status";
import type { HeartbeatResponse, PresentationReleaseResponse, PresentationView } from "@/lib/wire/presentation-routes";
import { getSessionPresentation, requireSessionPresentation, toPresentationView } from "./session-presentation";

type Operation = "commit" | "heartbeat";

/**
 * Which campus errors end the session's presentation. 401 and 403 always (spec part 7: stop the
 * heartbeat, clear stale bindings; a FORBIDDEN means the grant is no longer active, so the host
 * has it back). A heartbeat's 409 means native restoration (spec 3: a restored presentation
 * rejects further heartbeats); a commit's 409 usually means tiles not ready yet, which the page retries.
 */
function endsPresentation(operation: Operation, error: unknown): boolean {
  if (!(error instanceof AppError)) return false;
  return error.status === 401 || error.status === 403 || (operation === "heartbeat" && error.status === 409);
}

/**
 * Spec 3 commit and 4.9 heartbeat on the session's presentation. Campus errors go to the page as
 * they are (spec part 7: "forward error statuses and codes from heartbeat"); the session drops
 * the presentation once it has ended, so a reload or a retry can never use it again.
 */
function operate(operation: Operation, credentials: SessionCredentials, deps: CallDeps): Promise<PresentationView> {
  return withCall(credentials, deps, { scope: "calls:read" }, async ({ session }) => {
    const { presentationId } = await requireSessionPresentation(session, deps.callState);
    const run = operation === "commit" ? deps.campus.commitPresentation : deps.campus.heartbeatPresentation;
    let presentation: Presentation;
    try {
      presentation = await run(session.accessToken, presentationId);
    } catch (error) {
      if (endsPresentation(operation, error)) await deps.callState.dropPresentation(session.boundSid, presentationId);
      throw error;
    }
    if (isFinalStatus(presentation.status)) await deps.callState.dropPresentation(session.boundSid, presentationId);
    return toPresentationView(presentation);
  });
}

/** Spec 3: commit requests the handoff; the answer is `commitRequested` (or the current status on a repeat). */
export function commitSessionPresentation(credentials: SessionCredentials, deps: CallDeps): Promise<PresentationView> {
  return operate("commit", credentials, deps);
}

/**
 * Spec 4.9: every five seconds while the visitor session is active; reports the status. An
 * answered beat also tells the page its grant is active (lib/wire/presentation-routes.ts), so a
 * presenting page makes this one request per interval and no grant poll beside it.
 */
export async function heartbeatSessionPresentation(credentials: SessionCredentials, deps: CallDeps): Promise<HeartbeatResponse> {
  return { ...(await operate("heartbeat", credentials, deps)), grant: { status: "active" } };
}

/**
 * Spec 3 release: returns the presentation to the host. The session lets go of it first, so that
 * nothing beats for it or commits it again; if the campus cannot be told, the host takes it back
 * after fifteen seconds without heartbeat anyway.
 */
export function releaseSessionPresentation(credentials: SessionCredentials, deps: CallDeps): Promise<PresentationReleaseResponse> {
  return withCall(credentials, deps, { scope: "calls:read" }, async ({ session }) => {
    const binding = await getSessionPresentation(session, deps.callState);
    if (!binding) return { presentation: null };
    await deps.callState.dropPresentation(session.boundSid, binding.presentationId);
    const presentation = await deps.campus.releasePresentation(session.accessToken, binding.presentationId);
    return { presentation: toPresentationView(presentation) };
  });
}

/**
 * Signing out (lib/auth/logout.ts) returns the session's presentation to the host first (spec 3
 * release), best effort: if the campus cannot be told, it takes the presentation back once
 * heartbeats stop. Only the member who prepared it, with a token, releases it.
 */
export async function releaseOnSignOut(boundSid: string, record: SessionRecord | undefined, deps: Pick<CallDeps, "callState" | "campus">): Promise<void> {
  const presentation = await deps.callState.takePresentation(boundSid);
  if (record?.accessToken && presentation && presentation.userId === record.member?.userId) {
    await deps.campus.releasePresentation(record.accessToken, presentation.presentationId).catch(() => undefined);
  }
}
