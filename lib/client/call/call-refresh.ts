import type { CommandView, GrantView } from "@/lib/wire/call-routes";
import { LIMITS } from "@/lib/contract";
import { isFinalStatus } from "@/lib/shared/final-status";

/*
 * How often the call view asks, and why. At steady state (a grant `active`, no command in
 * flight) the call view's timers cost the campus at most CALL_VIEW_BUDGET_PER_MINUTE service
 * requests per visitor-minute, and a status check on each return to the view adds at most
 * three. Polling pauses while the document is hidden (SWR `refreshWhenHidden: false`), and the
 * grant is not polled while a presentation is live: its heartbeat, due every five seconds anyway
 * (spec 4.9), answers for the grant (lib/wire/presentation-routes.ts), so presenting costs one request
 * per interval.
 *
 * What the member does shows at once whatever the interval: a command is read as soon as the
 * campus takes it, and the grant as soon as a command settles. The interval only bounds how
 * soon the view shows what others did (someone joins, leaves or takes the stage).
 */

/** Campus service requests per visitor-minute the call view's timers may cost at steady state. */
export const CALL_VIEW_BUDGET_PER_MINUTE = 10;

/** The worst case, with the member leaving and returning to the view as often as the status check allows. */
export const CALL_VIEW_CEILING_PER_MINUTE = 15;

/** One grant read per 6 s while active: 10 per minute, the whole budget (spec 6: apps learn of call changes by polling). */
export const GRANT_ACTIVE_REFRESH_MS = 6_000;

/** While the member answers the native approval prompt: every 2 s, so the roster shows soon after they approve. */
export const GRANT_APPROVAL_REFRESH_MS = 2_000;

/** A prompt left unanswered this long is waited for at the active rate, so waiting does not break the budget. */
export const GRANT_APPROVAL_FAST_WINDOW_MS = 30_000;

/**
 * Spec 4.3: the status check is never polled; it runs on entering the call view and on returning
 * to it (visibilitychange to visible, focus), at most once per this interval: 3 per minute.
 */
export const STATUS_REFOCUS_THROTTLE_MS = 20_000;

/** Spec 4.8: a command in flight is read every second until final; commands expire after a minute (part 8). */
export const COMMAND_REFRESH_MS = 1_000;

/**
 * A command the member just sent is read faster for its first seconds: the backend already read
 * it once right after the campus took it, and the commands that wait for the member's native
 * confirmation (camera on, unmute, stage join, start, accept) are usually answered within them.
 */
export const COMMAND_FAST_REFRESH_MS = 250;
export const COMMAND_FAST_WINDOW_MS = 2_000;

/** The worst case at steady state: grant polling plus a status check on every allowed refocus. */
export const STEADY_STATE_REQUESTS_PER_MINUTE = 60_000 / GRANT_ACTIVE_REFRESH_MS + 60_000 / STATUS_REFOCUS_THROTTLE_MS;

/** A command in flight costs the fast reads of its first seconds, then one per COMMAND_REFRESH_MS for at most its lifetime. */
export const MAX_READS_PER_COMMAND =
  COMMAND_FAST_WINDOW_MS / COMMAND_FAST_REFRESH_MS + (LIMITS.commandLifetimeSeconds * 1000 - COMMAND_FAST_WINDOW_MS) / COMMAND_REFRESH_MS;

/** The grant's polling interval; 0 stops polling (no grant, or one that was denied or ended). */
export function grantRefreshMs(grant: GrantView | null | undefined, approvalWaitIsLong: boolean): number {
  switch (grant?.status) {
    case "active":
      return GRANT_ACTIVE_REFRESH_MS;
    case "approval":
      return approvalWaitIsLong ? GRANT_ACTIVE_REFRESH_MS : GRANT_APPROVAL_REFRESH_MS;
    default:
      return 0;
  }
}

/**
 * Polls while any command is in flight, fast within COMMAND_FAST_WINDOW_MS of the page sending
 * one (`justSent`, timed on the page's own clock); stops once all are final.
 */
export function commandRefreshMs(commands: readonly CommandView[] | undefined, justSent = false): number {
  if (!commands?.some((command) => !isFinalStatus(command.status))) return 0;
  return justSent ? COMMAND_FAST_REFRESH_MS : COMMAND_REFRESH_MS;
}
