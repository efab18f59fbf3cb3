import type { SWRConfiguration } from "swr";
import { backoffDelayMs } from "@/lib/backoff";
import { errorEffect } from "./error-effects";

/** Spec part 7: a 503 on a read is retried, capped and jittered, a few times; then the view shows the error. */
export const READ_RETRY = { maxRetries: 5, baseDelayMs: 1_000, maxDelayMs: 30_000 } as const;

/**
 * SWR `onErrorRetry` of the call reads: a 503 backs off and retries; a 429 waits its Retry-After;
 * every other error stops (401, access loss and refusals are handled by the view).
 */
export const retryCallRead: NonNullable<SWRConfiguration["onErrorRetry"]> = (error, _key, _config, revalidate, { retryCount }) => {
  const effect = errorEffect(error);
  if (effect.kind === "rate-limited") {
    setTimeout(() => void revalidate({ retryCount }), effect.retryAfterSeconds * 1000);
    return;
  }
  if (effect.kind !== "unavailable" || retryCount > READ_RETRY.maxRetries) return;
  setTimeout(() => void revalidate({ retryCount }), backoffDelayMs(retryCount, READ_RETRY));
};
