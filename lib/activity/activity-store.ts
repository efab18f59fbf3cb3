import "server-only";
import { createExpiringMap } from "@/lib/store/expiring-map";
import { emptyState, type ActivityDefinition, type ActivityState } from "@/lib/shared/activity-kinds";
import type { Note, NotesState } from "@/lib/shared/notes";
import type { PollState } from "@/lib/shared/poll";

/*
 * The app's own activity sessions, keyed by their server-generated session key (spec 2
 * CallActivity `sessionKey`), of any kind (lib/shared/activity-kinds.ts). The definition is fixed
 * at creation; each vote is one field of its own and each note one list item appended, so
 * concurrent votes or posts never read-modify-write a shared list. A shared store maps this onto
 * Redis as a key for the definition, a hash of votes (HSET userId), a list of notes (RPUSH) and a
 * version counter (INCR), each write being one script (redis-activity-store.ts).
 */
export interface ActivityStore {
  /**
   * With a cap, the activity joins its group (one member's grant in one call); past `keep` the
   * oldest of the group are removed, so their members see it end. Without, it stands alone.
   */
  create(sessionKey: string, definition: ActivityDefinition, cap?: ActivityCap): Promise<void>;
  read(sessionKey: string): Promise<ActivityState | undefined>;
  /** Records or changes one member's vote and bumps the version, in one step; undefined once the poll is gone. */
  vote(sessionKey: string, userId: string, option: number): Promise<PollState | undefined>;
  /**
   * Appends a note and bumps the version, in one step, while the notes hold fewer than `max`;
   * `full` at `max`; undefined once the notes are gone.
   */
  postNote(sessionKey: string, note: Note, max: number): Promise<NotesState | "full" | undefined>;
  remove(sessionKey: string): Promise<void>;
}

export type ActivityCap = { group: string; keep: number };

/** An activity lives as long as its call; a call outlives many 15-minute logins. Each vote or note renews it. */
export const ACTIVITY_TTL_SECONDS = 6 * 60 * 60;

const SWEEP_INTERVAL_MS = 60_000;

type Session = { state: ActivityState };

/** One process only, like the memory session store; values are copied in and out. */
export function createMemoryActivityStore(options: { now?: () => number } = {}): ActivityStore {
  const now = options.now ?? Date.now;
  const ttlMs = ACTIVITY_TTL_SECONDS * 1000;
  const sessions = createExpiringMap<Session>({ now });
  /** Group → its activities' session keys, oldest first. */
  const groups = new Map<string, string[]>();
  let lastSweep = now();

  // A group whose activities have all ended goes too.
  function sweepGroups() {
    if (now() - lastSweep < SWEEP_INTERVAL_MS) return;
    lastSweep = now();
    for (const [group, keys] of groups) {
      const kept = keys.filter((key) => sessions.get(key));
      if (kept.length) groups.set(group, kept);
      else groups.delete(group);
    }
  }

  function joinGroup(sessionKey: string, cap: ActivityCap) {
    const keys = [...(groups.get(cap.group) ?? []).filter((key) => sessions.get(key)), sessionKey];
    while (keys.length > cap.keep) sessions.delete(keys.shift()!);
    groups.set(cap.group, keys);
  }

  // The state is copied in and out, so a caller never holds the stored one.
  const update = <S extends ActivityState>(sessionKey: string, state: S): S => {
    state.version += 1;
    sessions.set(sessionKey, { state }, ttlMs);
    return structuredClone(state);
  };

  return {
    async create(sessionKey, definition, cap) {
      sweepGroups();
      sessions.set(sessionKey, { state: emptyState(structuredClone(definition)) }, ttlMs);
      if (cap) joinGroup(sessionKey, cap);
    },
    async read(sessionKey) {
      const session = sessions.get(sessionKey);
      return session && structuredClone(session.state);
    },
    // No await between the read and the write: one step, as the Redis scripts are.
    async vote(sessionKey, userId, option) {
      const state = sessions.get(sessionKey)?.state;
      if (state?.kind !== "poll") return undefined;
      // A computed key is an own property, whatever the userId.
      state.votes = { ...state.votes, [userId]: option };
      return update(sessionKey, state);
    },
    async postNote(sessionKey, note, max) {
      const state = sessions.get(sessionKey)?.state;
      if (state?.kind !== "notes") return undefined;
      if (state.notes.length >= max) return "full";
      state.notes.push(structuredClone(note));
      return update(sessionKey, state);
    },
    async remove(sessionKey) {
      sessions.delete(sessionKey);
    },
  };
}
