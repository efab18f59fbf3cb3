import "server-only";
import { createExpiringMap } from "@/lib/store/expiring-map";
import type { PollDefinition, PollState } from "@/lib/shared/poll";

/*
 * The app's own activity sessions, keyed by their server-generated session key (spec 2
 * CallActivity `sessionKey`). The poll is fixed at creation; each vote is one field of its own,
 * so concurrent votes never read-modify-write a shared list. A shared store maps this onto Redis
 * as a key for the poll, a hash of votes (HSET userId) and a version counter (INCR), a vote being
 * one script (redis-activity-store.ts).
 */
export interface ActivityStore {
  /**
   * With a cap, the poll joins its group (one member's grant in one call); past `keep` polls the
   * oldest of the group are removed, so their members see it end. Without, it stands alone.
   */
  create(sessionKey: string, poll: PollDefinition, cap?: PollCap): Promise<void>;
  read(sessionKey: string): Promise<PollState | undefined>;
  /** Records or changes one member's vote and bumps the version, in one step; undefined once the session is gone. */
  vote(sessionKey: string, userId: string, option: number): Promise<PollState | undefined>;
  remove(sessionKey: string): Promise<void>;
}

export type PollCap = { group: string; keep: number };

/** An activity lives as long as its call; a call outlives many 15-minute logins. Each vote renews it. */
export const ACTIVITY_TTL_SECONDS = 6 * 60 * 60;

const SWEEP_INTERVAL_MS = 60_000;

type Session = { poll: PollDefinition; votes: Map<string, number>; version: number };

/** One process only, like the memory session store; values are copied in and out. */
export function createMemoryActivityStore(options: { now?: () => number } = {}): ActivityStore {
  const now = options.now ?? Date.now;
  const ttlMs = ACTIVITY_TTL_SECONDS * 1000;
  const sessions = createExpiringMap<Session>({ now });
  /** Group → its polls' session keys, oldest first. */
  const groups = new Map<string, string[]>();
  let lastSweep = now();

  // A group whose polls have all ended goes too.
  function sweepGroups() {
    if (now() - lastSweep < SWEEP_INTERVAL_MS) return;
    lastSweep = now();
    for (const [group, keys] of groups) {
      const kept = keys.filter((key) => sessions.get(key));
      if (kept.length) groups.set(group, kept);
      else groups.delete(group);
    }
  }

  function joinGroup(sessionKey: string, cap: PollCap) {
    const keys = [...(groups.get(cap.group) ?? []).filter((key) => sessions.get(key)), sessionKey];
    while (keys.length > cap.keep) sessions.delete(keys.shift()!);
    groups.set(cap.group, keys);
  }

  const snapshot = (session: Session): PollState => ({
    ...structuredClone(session.poll),
    votes: Object.fromEntries(session.votes),
    version: session.version,
  });

  return {
    async create(sessionKey, poll, cap) {
      sweepGroups();
      sessions.set(sessionKey, { poll: structuredClone(poll), votes: new Map(), version: 0 }, ttlMs);
      if (cap) joinGroup(sessionKey, cap);
    },
    async read(sessionKey) {
      const session = sessions.get(sessionKey);
      return session && snapshot(session);
    },
    // No await between the read and the write: one step, as the Redis script is.
    async vote(sessionKey, userId, option) {
      const session = sessions.get(sessionKey);
      if (!session) return undefined;
      session.votes.set(userId, option);
      session.version += 1;
      sessions.set(sessionKey, session, ttlMs);
      return snapshot(session);
    },
    async remove(sessionKey) {
      sessions.delete(sessionKey);
    },
  };
}
