import "server-only";
import { readSessionHandle, type SessionCarrier } from "@/lib/session/carrier";
import type { SessionDeps } from "@/lib/session/get-visitor-session";

/** Ends the launch's visitor session and its call state; signing out twice is not an error. */
export async function logout(carrier: SessionCarrier, deps: SessionDeps): Promise<void> {
  const handle = await readSessionHandle(carrier, deps.sessionSecret);
  if (!handle) return;
  await deps.sessions.delete(handle.sid);
  await deps.callState.clear(handle.sid);
}
