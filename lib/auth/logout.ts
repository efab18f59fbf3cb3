import "server-only";
import { readSessionHandle, type SessionCredentials } from "@/lib/session/session-credentials";
import { boundSidOf, type SessionRecord } from "@/lib/session/records";
import type { SessionSecret } from "@/lib/session/secrets";
import type { SessionBoundStore } from "@/lib/session/session-bound";
import type { Store } from "@/lib/store/ttl-store";

export type LogoutDeps = {
  sessions: Store<SessionRecord>;
  sessionSecret: SessionSecret;
  /** The call state, the activity access: cleared with the session. */
  sessionBound: readonly SessionBoundStore[];
  /** What a feature does first, while the session's token is still there (lib/presentations: release the presentation); `boundSid` keys its bound state. */
  beforeSignOut: (boundSid: string, record: SessionRecord | undefined) => Promise<void>;
};

/**
 * Ends the launch's visitor session and what is bound to it; signing out twice is not an error.
 * A renewed session's old handle (still leading to it for RENEWAL_GRACE_SECONDS) ends the renewed
 * session too. A presentation of the session goes back to the host first (spec 3 release), best effort.
 */
export async function logout(credentials: SessionCredentials, deps: LogoutDeps): Promise<void> {
  const handle = await readSessionHandle(credentials, deps.sessionSecret);
  if (!handle) return;
  const found = await deps.sessions.get(handle.sid);
  const renewed = found?.renewedTo === undefined ? undefined : await deps.sessions.get(found.renewedTo);
  const record = renewed?.launchId === handle.launchId ? renewed : found;
  const boundSid = record ? boundSidOf(record) : handle.sid;
  await deps.beforeSignOut(boundSid, record);
  await deps.sessions.delete(handle.sid);
  if (record && record.sid !== handle.sid) await deps.sessions.delete(record.sid);
  for (const bound of deps.sessionBound) await bound.clear(boundSid);
}
