import type { CampusState } from "./campus-state";

/**
 * policy.ts: expired launches, codes, tokens and rate windows, and ended presentations, leave
 * memory, checked lazily before every request like the other campus timers. Each store keeps its
 * records in expiry order, so this costs only what it removes: a campus serving 10,000 launches
 * holds only the live ones.
 */
export function pruneExpired(state: CampusState): void {
  // An activity entry is bound to its launch and leaves with it.
  state.launches.pruneLaunches((launch) => state.activityEntries.forgetLaunch(launch.launchId));
  state.codes.pruneCodes();
  state.tokens.pruneTokens();
  state.rateWindows.pruneWindows();
  state.presentations.prunePresentations();
}

/** How many records the pruned stores hold, for the control API and memory tests. */
export function countStoredRecords(state: CampusState) {
  return {
    ...state.launches.countRecords(),
    ...state.codes.countRecords(),
    ...state.tokens.countRecords(),
    ...state.rateWindows.countRecords(),
    ...state.presentations.countRecords(),
    ...state.activityEntries.countRecords(),
  };
}
