import type { Clock } from "../clock";
import { createPrefixedId } from "../ids";

export type LaunchEndReason = "remounted" | "registrationSaved";

/** One mount of the app iframe in one campus tab (spec 4: "the current mounted launch in its owning tab"). */
export type Launch = {
  launchId: string;
  userId: string;
  tabId: string;
  generation: number;
  createdAt: number;
  endedAt: number | null;
  endReason: LaunchEndReason | null;
};

export type LaunchStore = ReturnType<typeof createLaunchStore>;

export function createLaunchStore(clock: Clock) {
  const launches = new Map<string, Launch>();

  function endLaunch(launch: Launch, reason: LaunchEndReason) {
    if (launch.endedAt !== null) return;
    launch.endedAt = clock.now();
    launch.endReason = reason;
  }

  return {
    /** A tab has one frame, so a new launch ends the tab's previous one (reload or remount). */
    openLaunch(input: { userId: string; tabId: string; generation: number }): Launch {
      for (const launch of launches.values()) {
        if (launch.tabId === input.tabId) endLaunch(launch, "remounted");
      }
      const launch: Launch = {
        ...input,
        launchId: createPrefixedId("lch"),
        createdAt: clock.now(),
        endedAt: null,
        endReason: null,
      };
      launches.set(launch.launchId, launch);
      return launch;
    },
    findLaunch: (launchId: string) => launches.get(launchId),
    listLaunches: (): Launch[] => [...launches.values()],
    /** Spec 5.6: a registration save ends every launch of an older generation. */
    endLaunchesBefore(generation: number) {
      for (const launch of launches.values()) {
        if (launch.generation < generation) endLaunch(launch, "registrationSaved");
      }
    },
  };
}

export function isCurrentLaunch(launch: Launch, generation: number): boolean {
  return launch.endedAt === null && launch.generation === generation;
}
