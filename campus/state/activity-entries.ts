import type { Clock } from "../core/clock";
import { createPrefixedId } from "../core/ids";

/** Why an activity entry ended (spec 3 "Activity entry": departure, app exit, permission loss, lease expiry). */
export type EntryEndReason = "leaseExpired" | "memberLeft" | "launchEnded" | "registrationSaved" | "consentRevoked";

/**
 * The recipient's verified entry into an activity (spec 2, 4.13): opened when an accepted
 * invitation binds a new launch, leased from the first successful read.
 */
export type ActivityEntryRecord = {
  entryId: string;
  invitationId: string;
  activityId: string;
  userId: string;
  launchId: string;
  tabId: string;
  /** The recipient's participation in the activity's call when they accepted. */
  participationId: string;
  /** The member's consent for the app at the first read; null before it (policy.ts). */
  consentId: string | null;
  createdAt: number;
  /** Null until the first successful read; each successful read moves it twenty seconds on. */
  leaseExpiresAt: number | null;
  endedAt: number | null;
  endReason: EntryEndReason | null;
};

type OpenInput = Pick<ActivityEntryRecord, "invitationId" | "activityId" | "userId" | "launchId" | "tabId" | "participationId">;

export type ActivityEntryStore = ReturnType<typeof createActivityEntryStore>;

/**
 * Entries by the launch they are bound to (one each), and the ones not yet ended, which alone are
 * evaluated before requests. policy.ts: an entry is forgotten with its launch, so the campus page
 * can tell an activity launch for as long as the launch is known.
 */
export function createActivityEntryStore(clock: Clock) {
  const byLaunch = new Map<string, ActivityEntryRecord>();
  const open = new Map<string, ActivityEntryRecord>();
  return {
    openEntry(input: OpenInput): ActivityEntryRecord {
      const entry: ActivityEntryRecord = {
        ...input,
        entryId: createPrefixedId("ent"),
        consentId: null,
        createdAt: clock.now(),
        leaseExpiresAt: null,
        endedAt: null,
        endReason: null,
      };
      byLaunch.set(entry.launchId, entry);
      open.set(entry.entryId, entry);
      return entry;
    },
    /** A launch is bound to at most one accepted invitation, so to at most one entry. */
    findByLaunch: (launchId: string) => byLaunch.get(launchId),
    listEntries: (): ActivityEntryRecord[] => [...byLaunch.values()],
    /** The entries not yet ended, oldest first. */
    listOpen: (): ActivityEntryRecord[] => [...open.values()],
    endEntry(entry: ActivityEntryRecord, at: number, reason: EntryEndReason): void {
      if (entry.endedAt !== null) return;
      entry.endedAt = at;
      entry.endReason = reason;
      open.delete(entry.entryId);
    },
    /** The launch was forgotten (state/prune-expired.ts): so is its entry. */
    forgetLaunch(launchId: string) {
      const entry = byLaunch.get(launchId);
      if (!entry) return;
      byLaunch.delete(launchId);
      open.delete(entry.entryId);
    },
    /** How many records the store holds (the control API reports them). */
    countRecords: () => ({ activityEntries: byLaunch.size, openActivityEntries: open.size }),
  };
}
