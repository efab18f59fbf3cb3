import { RESTORED_REASONS, type PresentationStatus, type RestoredReason } from "@/lib/contract";
import { isFinalStatus } from "./final-status";

/* Presentation statuses (spec 3), shared by the backend and the page. No server imports. */

const OPEN_ORDER: readonly PresentationStatus[] = ["preparing", "commitRequested", "app"];

/**
 * Whether `next` may replace `current`: an open presentation only moves forward, so an answer
 * that was in flight before a commit cannot take the status back to `preparing`.
 */
export function isStatusProgress(current: PresentationStatus, next: PresentationStatus): boolean {
  if (isFinalStatus(current)) return false;
  return isFinalStatus(next) || OPEN_ORDER.indexOf(next) >= OPEN_ORDER.indexOf(current);
}

/**
 * A restored presentation answers heartbeat with 409 and a message (spec 3), not a body; the
 * reason is read from the message when it names one (spec: status after restoration "not shown").
 */
export function restoredReasonFromMessage(message: string): RestoredReason | null {
  return RESTORED_REASONS.find((reason) => new RegExp(`\\b${reason}\\b`).test(message)) ?? null;
}
