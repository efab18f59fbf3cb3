import type { Clock } from "../core/clock";
import { createExpiringMap } from "../core/expiring-map";
import { createPrefixedId } from "../core/ids";
import { ENDED_LAUNCH_RETENTION_SECONDS, LAUNCH_IDLE_LIFETIME_SECONDS } from "../core/policy";

export type LaunchEndReason = "remounted" | "registrationSaved" | "expired";

/** One mount of the app iframe in one campus tab (spec 4: "the current mounted launch in its owning tab"). */
export type Launch = {
  launchId: string;
  userId: string;
  tabId: string;
  generation: number;
  createdAt: number;
  /** The last mount, consent check or code in this launch; policy.ts: an idle launch expires. */
  lastUsedAt: number;
  endedAt: number | null;
  endReason: LaunchEndReason | null;
};

export type LaunchStore = ReturnType<typeof createLaunchStore>;

const IDLE_LIFETIME_MS = LAUNCH_IDLE_LIFETIME_SECONDS * 1000;
const ENDED_RETENTION_MS = ENDED_LAUNCH_RETENTION_SECONDS * 1000;

/**
 * Launches by ID, with the index of each tab's current launch, so that nothing scans them all.
 * Two queues make pruning cost only what it removes (policy.ts): current launches least recently
 * used first, and ended launches in the order they ended.
 */
export function createLaunchStore(clock: Clock) {
  const launches = new Map<string, Launch>();
  const currentByTab = new Map<string, Launch>();
  const currentByUse = createExpiringMap<Launch>((launch) => launch.lastUsedAt + IDLE_LIFETIME_MS);
  const endedInOrder = createExpiringMap<Launch>((launch) => (launch.endedAt ?? Infinity) + ENDED_RETENTION_MS);

  function endLaunch(launch: Launch, reason: LaunchEndReason, at = clock.now()) {
    if (launch.endedAt !== null) return;
    launch.endedAt = at;
    launch.endReason = reason;
    if (currentByTab.get(launch.tabId) === launch) currentByTab.delete(launch.tabId);
    currentByUse.delete(launch.launchId);
    endedInOrder.set(launch.launchId, launch);
  }

  function markUsed(launch: Launch) {
    launch.lastUsedAt = clock.now();
    // Setting moves it to the back of the queue: the front is always the least recently used.
    currentByUse.set(launch.launchId, launch);
  }

  return {
    /** A tab has one frame, so a new launch ends the tab's previous one (reload or remount). */
    openLaunch(input: { userId: string; tabId: string; generation: number }): Launch {
      const previous = currentByTab.get(input.tabId);
      if (previous) endLaunch(previous, "remounted");
      const now = clock.now();
      const launch: Launch = { ...input, launchId: createPrefixedId("lch"), createdAt: now, lastUsedAt: now, endedAt: null, endReason: null };
      launches.set(launch.launchId, launch);
      // Deleted first so that the index keeps current launches in the order they were opened.
      currentByTab.delete(launch.tabId);
      currentByTab.set(launch.tabId, launch);
      markUsed(launch);
      return launch;
    },
    findLaunch: (launchId: string) => launches.get(launchId),
    /** A consent check or code in a current launch keeps it from expiring. */
    markLaunchUsed(launch: Launch) {
      if (launch.endedAt === null) markUsed(launch);
    },
    listLaunches: (): Launch[] => [...launches.values()],
    /** The launch mounted in a tab now, if any. */
    findCurrentLaunch: (tabId: string) => currentByTab.get(tabId),
    /** The current launches of a member, oldest first. */
    listCurrentLaunches: (userId: string): Launch[] => [...currentByTab.values()].filter((launch) => launch.userId === userId),
    /** Spec 5.6: a registration save ends every current launch (they are all of an older generation). */
    endLaunchesBefore(generation: number) {
      for (const launch of [...currentByTab.values()]) {
        if (launch.generation < generation) endLaunch(launch, "registrationSaved");
      }
    },
    /** policy.ts: idle launches expire, and ended ones are forgotten after the token lifetime. */
    pruneLaunches(onForgotten?: (launch: Launch) => void) {
      const now = clock.now();
      currentByUse.prune(now, (launch) => endLaunch(launch, "expired", launch.lastUsedAt + IDLE_LIFETIME_MS));
      endedInOrder.prune(now, (launch) => {
        launches.delete(launch.launchId);
        onForgotten?.(launch);
      });
    },
    /** How many records and index entries the store holds (the control API reports them). */
    countRecords: () => ({ launches: launches.size, currentTabs: currentByTab.size }),
  };
}

export function isCurrentLaunch(launch: Launch, generation: number): boolean {
  return launch.endedAt === null && launch.generation === generation;
}
