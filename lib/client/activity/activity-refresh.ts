import type { ActivityResponse } from "@/lib/wire/activity-routes";
import { LIMITS } from "@/lib/contract";

/*
 * How often the activity view asks, and why. The activity's state is the app's own (no campus request);
 * the lease recheck is one campus request, for guests only.
 */

/** Members see each other's votes and notes within about this long. Paused while the document is hidden. */
export const ACTIVITY_REFRESH_MS = 2_000;

/**
 * Spec 3 "Activity entry": the twenty-second lease is rechecked while the activity continues,
 * every half lease, so one failed recheck can be retried before the lease lapses. It goes on while
 * the document is hidden: a member who looks at another tab for a minute keeps their place.
 */
export const LEASE_RECHECK_MS = (LIMITS.activityEntryLeaseSeconds * 1000) / 2;

/** Campus requests per visitor-minute the lease recheck adds to the call view's, for a guest. */
export const LEASE_RECHECKS_PER_MINUTE = 60_000 / LEASE_RECHECK_MS;

export function activityRefreshMs(response: ActivityResponse | undefined): number {
  return response?.state === "joined" ? ACTIVITY_REFRESH_MS : 0;
}

export function needsLeaseRecheck(response: ActivityResponse | undefined): boolean {
  return response?.state === "joined" && response.activity.role === "guest";
}

/**
 * A read that left before a vote or a note may answer after it: the view keeps the newer state
 * (its `version` grows with every vote and note). A change of state (`ended`, another role,
 * another kind) always shows.
 */
export function newerActivity(current: ActivityResponse | undefined, fresh: ActivityResponse): ActivityResponse {
  if (current?.state !== "joined" || fresh.state !== "joined") return fresh;
  if (current.activity.role !== fresh.activity.role || current.activity.kind !== fresh.activity.kind) return fresh;
  return fresh.activity.version < current.activity.version ? current : fresh;
}
