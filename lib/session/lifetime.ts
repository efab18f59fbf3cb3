import "server-only";
import type { SessionRecord } from "./records";
import type { VersionedStore } from "@/lib/store/ttl-store";

/*
 * How long a visitor session lives, enforced here on the server whatever the browser sends back.
 * A login makes the session; nothing else extends it past these limits (a request only moves the
 * idle clock, and only within the absolute lifetime).
 */

/** From the member's first login in the launch; renewals of the same member keep that start. */
export const SESSION_ABSOLUTE_LIFETIME_SECONDS = 12 * 60 * 60;

/** Without a request for this long the session ends. Twice the token's 900 s, so an open page's renewal always fits. */
export const SESSION_IDLE_TIMEOUT_SECONDS = 30 * 60;

/**
 * How long a renewed session's old handle still leads to the new session: longer than one request
 * in flight (a heartbeat every 5 s, spec 4.9, and the app's campus timeout), far shorter than a login.
 */
export const RENEWAL_GRACE_SECONDS = 15;

/** The idle clock is written at most this often: not one store write per heartbeat (spec 4.9: every 5 s). */
const TOUCH_INTERVAL_MS = 60_000;

export function isLiveSession(record: SessionRecord, now: number): boolean {
  return now < record.createdAt + SESSION_ABSOLUTE_LIFETIME_SECONDS * 1000 && now < record.lastSeenAt + SESSION_IDLE_TIMEOUT_SECONDS * 1000;
}

/** What the store keeps a record for: until its idle timeout or its absolute end, whichever comes first. */
export function sessionTtlSeconds(record: SessionRecord, now: number): number {
  const endsAt = Math.min(record.createdAt + SESSION_ABSOLUTE_LIFETIME_SECONDS * 1000, record.lastSeenAt + SESSION_IDLE_TIMEOUT_SECONDS * 1000);
  return Math.max(0.001, (endsAt - now) / 1000);
}

/** The live session record of `sid` in `launchId`; an ended one is deleted (unless a newer write got there first). */
export async function getLiveSession(
  sessions: VersionedStore<SessionRecord>,
  sid: string,
  launchId: string,
  now: number,
): Promise<SessionRecord | undefined> {
  const found = await sessions.get(sid);
  // One hop only: a renewed session's old record names the new one (login.ts) and holds no token.
  const record = found?.renewedTo === undefined ? found : await sessions.get(found.renewedTo);
  if (!record || record.launchId !== launchId || record.renewedTo !== undefined) return undefined;
  if (isLiveSession(record, now)) return record;
  await sessions.deleteIfVersion(record.sid, record.version);
  return undefined;
}

/**
 * Moves the idle clock, at most once a minute, and answers the record as now stored. A newer write
 * wins (it moved the clock itself, or ended the session); the record read is answered then.
 */
export async function touchSession(sessions: VersionedStore<SessionRecord>, record: SessionRecord, now: number): Promise<SessionRecord> {
  if (now - record.lastSeenAt < TOUCH_INTERVAL_MS) return record;
  const touched = { ...record, lastSeenAt: now };
  return (await sessions.replace(record.sid, touched, sessionTtlSeconds(touched, now))) ? { ...touched, version: touched.version + 1 } : record;
}
