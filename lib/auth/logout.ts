import "server-only";
import { readSessionHandle, type SessionCarrier } from "@/lib/session/carrier";
import type { AuthDeps } from "./deps";

/**
 * Ends the launch's visitor session and its call state; signing out twice is not an error.
 * A presentation of the session goes back to the host first (spec 3 release), best effort: if
 * the campus cannot be told, it takes the presentation back once heartbeats stop.
 */
export async function logout(carrier: SessionCarrier, deps: AuthDeps): Promise<void> {
  const handle = await readSessionHandle(carrier, deps.sessionSecret);
  if (!handle) return;
  const record = await deps.sessions.get(handle.sid);
  const presentation = await deps.callState.takePresentation(handle.sid);
  if (record?.accessToken && presentation && presentation.userId === record.member?.userId) {
    await deps.campus.releasePresentation(record.accessToken, presentation.presentationId).catch(() => undefined);
  }
  await deps.sessions.delete(handle.sid);
  await deps.callState.clear(handle.sid);
  await deps.activityAccess.delete(handle.sid);
}
