import type { RestoredReason } from "@/lib/contract";
import { AppError } from "@/lib/errors";
import { restoredReasonFromMessage } from "@/lib/shared/presentation-status";
import { errorEffect, errorMessage } from "@/lib/client/fetch/error-effects";

/** Why the heartbeat stopped on an error (spec part 7 and 3). */
export type HeartbeatErrorStop =
  /** 401: log in again; the login half takes over. */
  | { reason: "expired"; error: unknown }
  /** ACCESS_REVOKED, APP_UNAVAILABLE: stop protected actions, clear stale bindings. */
  | { reason: "access-lost"; error: unknown }
  /**
   * 409: native restoration (a restored presentation rejects further heartbeats), or the session
   * has none left. FORBIDDEN (the grant is no longer active) and BAD_USER_INPUT end it the same
   * way: the host has the presentation; the page clears it and may prepare again.
   */
  | { reason: "restored"; restoredReason: RestoredReason | null; message: string; refused: boolean };

export type HeartbeatErrorEffect =
  | { kind: "stop"; stop: HeartbeatErrorStop }
  /** 503 or a network failure: try again soon, with capped backoff. */
  | { kind: "retry" }
  /** 429: try again after Retry-After. */
  | { kind: "wait"; delayMs: number };

/** Spec part 7: "forward error statuses and codes from heartbeat so that real access loss stops it". */
export function heartbeatErrorEffect(error: unknown): HeartbeatErrorEffect {
  // The fetcher turns every failure in transit into an AppError; anything else is retried like one.
  if (!(error instanceof AppError)) return { kind: "retry" };
  const effect = errorEffect(error);
  const message = errorMessage(error);
  switch (effect.kind) {
    case "expired":
    case "access-lost":
      return { kind: "stop", stop: { reason: effect.kind, error } };
    case "conflict":
      return { kind: "stop", stop: { reason: "restored", restoredReason: restoredReasonFromMessage(message), message, refused: false } };
    case "forbidden":
    case "invalid":
      return { kind: "stop", stop: { reason: "restored", restoredReason: null, message, refused: true } };
    case "rate-limited":
      return { kind: "wait", delayMs: effect.retryAfterSeconds * 1000 };
    case "unavailable":
      return { kind: "retry" };
  }
}
