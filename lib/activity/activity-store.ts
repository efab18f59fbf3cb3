import "server-only";
import { createExpiringMap } from "@/lib/store/expiring-map";
import { emptyState, type ActivityDefinition, type ActivityKind, type ActivityState, type StateOf } from "@/lib/shared/activity-kinds";
import type { Note, NotesState } from "@/lib/shared/notes";
import { isOption, type PollState } from "@/lib/shared/poll";

/*
 * The app's own activity sessions, keyed by their server-generated session key (spec 2
 * CallActivity `sessionKey`), of any kind (lib/shared/activity-kinds.ts). The definition (with its
 * owner) is fixed at creation; each write is one step that checks the kind and bumps the version.
 * Each vote is one field of its own and each note one list item appended, so concurrent votes or
 * posts never read-modify-write a shared list. On Redis each kind's keys are declared once
 * (redis-activity-parts.ts) and each write is one script (redis-activity-store.ts).
 */
export interface ActivityStore {
  /**
   * With a cap, the activity joins its group (one member's grant in one call); past `keep` the
   * oldest of the group are removed, so their members see it end. Without, it stands alone.
   */
  create(sessionKey: string, definition: ActivityDefinition, cap?: ActivityCap): Promise<void>;
  read(sessionKey: string): Promise<ActivityState | undefined>;
  /**
   * Records or changes one member's vote and bumps the version, in one step; `closed` once closed;
   * `no-such-option` past the poll's options (checked against the stored definition, in the same
   * step); undefined once the poll is gone.
   */
  vote(sessionKey: string, userId: string, option: number): Promise<PollState | "closed" | "no-such-option" | undefined>;
  /** Closes the poll (its votes stay, no more land) and bumps the version; undefined once the poll is gone. Who may is the caller's rule. */
  closePoll(sessionKey: string): Promise<PollState | undefined>;
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

  /** The stored state, if the session is live and of the kind: a write lands nowhere else. */
  const liveOfKind = <K extends ActivityKind>(sessionKey: string, kind: K): StateOf<K> | undefined => {
    const state = sessions.get(sessionKey)?.state;
    return state?.kind === kind ? (state as StateOf<K>) : undefined;
  };

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
      const state = liveOfKind(sessionKey, "poll");
      if (!state) return undefined;
      if (state.closed) return "closed";
      if (!isOption(state, option)) return "no-such-option";
      // A computed key is an own property, whatever the userId.
      state.votes = { ...state.votes, [userId]: option };
      return update(sessionKey, state);
    },
    async closePoll(sessionKey) {
      const state = liveOfKind(sessionKey, "poll");
      if (!state) return undefined;
      state.closed = true;
      return update(sessionKey, state);
    },
    async postNote(sessionKey, note, max) {
      const state = liveOfKind(sessionKey, "notes");
      if (!state) return undefined;
      if (state.notes.length >= max) return "full";
      state.notes.push(structuredClone(note));
      return update(sessionKey, state);
    },
    async remove(sessionKey) {
      sessions.delete(sessionKey);
    },
  };
}
