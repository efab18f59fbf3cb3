import "server-only";
import { readSessionHandle, type SessionCarrier } from "@/lib/session/carrier";
import type { SessionRecord } from "@/lib/session/records";
import type { SessionSecret } from "@/lib/session/secrets";
import type { SessionBoundStore } from "@/lib/session/session-bound";
import type { Store } from "@/lib/session/ttl-store";

export type LogoutDeps = {
  sessions: Store<SessionRecord>;
  sessionSecret: SessionSecret;
  /** The call state, the activity access: cleared with the session. */
  sessionBound: readonly SessionBoundStore[];
  /** What a feature does first, while the session's token is still there (lib/presentations: release the presentation). */
  beforeSignOut: (sid: string, record: SessionRecord | undefined) => Promise<void>;
};

/**
 * Ends the launch's visitor session and what is bound to it; signing out twice is not an error.
 * A presentation of the session goes back to the host first (spec 3 release), best effort.
 */
export async function logout(carrier: SessionCarrier, deps: LogoutDeps): Promise<void> {
  const handle = await readSessionHandle(carrier, deps.sessionSecret);
  if (!handle) return;
  const record = await deps.sessions.get(handle.sid);
  await deps.beforeSignOut(handle.sid, record);
  await deps.sessions.delete(handle.sid);
  for (const bound of deps.sessionBound) await bound.clear(handle.sid);
}
