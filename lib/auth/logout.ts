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
  await endWithRenewals(handle.sid, handle.launchId, deps.sessions);
  if (record && record.sid !== handle.sid) await endWithRenewals(record.sid, handle.launchId, deps.sessions);
  for (const bound of deps.sessionBound) await bound.clear(boundSid);
}

/**
 * Deletes the session and every session it was renewed into. A renewal may have left its pointer
 * after the record above was read (while the presentation went back): the delete is atomic and
 * returns what it removed, so a pointer written up to that instant is followed, and a pointer
 * written after it finds no session to point from (lib/auth/login.ts refuses that renewal).
 * A renewal keeps its boundSid, so one clear of the bound state covers the whole chain.
 */
async function endWithRenewals(sid: string, launchId: string, sessions: Store<SessionRecord>) {
  let next: string | undefined = sid;
  while (next !== undefined) {
    const removed: SessionRecord | undefined = await sessions.delete(next);
    next = removed?.launchId === launchId ? removed.renewedTo : undefined;
  }
}
