import { AppError } from "@/lib/errors";

/** Spec part 7, as the page acts on it: what each error code of the app's API means for the views (call, presentation, poll). */
export type ErrorEffect =
  /** 401: stop all polling; the login half shows the sign-in state. */
  | { kind: "expired" }
  /** ACCESS_REVOKED, APP_UNAVAILABLE: stop protected actions and polling, say why. */
  | { kind: "access-lost" }
  /** FORBIDDEN: show the returned message next to the control. */
  | { kind: "forbidden" }
  /** CALL_CONFLICT: refresh the call state (status and grant) and say so; never leave the call. */
  | { kind: "conflict" }
  /** RATE_LIMITED: back off for Retry-After; never replay under a new ID. */
  | { kind: "rate-limited"; retryAfterSeconds: number }
  /** 503: a retry state. */
  | { kind: "unavailable" }
  /** BAD_USER_INPUT, or anything this page did not expect: show the message. */
  | { kind: "invalid" };

/** When a 429 comes without Retry-After, wait this long. */
export const DEFAULT_RETRY_AFTER_SECONDS = 5;

export function errorEffect(error: unknown): ErrorEffect {
  if (!(error instanceof AppError)) return { kind: "invalid" };
  switch (error.code) {
    case "INVALID_TOKEN":
    case "INVALID_CLIENT":
      return { kind: "expired" };
    case "ACCESS_REVOKED":
    case "APP_UNAVAILABLE":
      return { kind: "access-lost" };
    case "FORBIDDEN":
      return { kind: "forbidden" };
    case "CALL_CONFLICT":
      return { kind: "conflict" };
    case "RATE_LIMITED":
      return { kind: "rate-limited", retryAfterSeconds: Math.max(1, error.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS) };
    case "INTERNAL_SERVER_ERROR":
      return { kind: "unavailable" };
    case "BAD_USER_INPUT":
    // The app's own input rules: a page bug, never a state of the call.
    case "NOT_FOUND":
    case "METHOD_NOT_ALLOWED":
    case "REQUEST_TIMEOUT":
    case "PAYLOAD_TOO_LARGE":
    case "UNSUPPORTED_MEDIA_TYPE":
    case "MISDIRECTED_REQUEST":
      return { kind: "invalid" };
  }
}

export function errorMessage(error: unknown): string {
  return error instanceof AppError ? error.message : "Something went wrong; try again";
}
