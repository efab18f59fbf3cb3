/*
 * Capped, jittered exponential backoff, shared by the backend's command retries and the page's
 * read retries (spec part 7: 503 is a retry state). No server imports.
 */

export type BackoffPolicy = {
  /** The delay before the first retry, before jitter. */
  baseDelayMs: number;
  /** No delay grows past this. */
  maxDelayMs: number;
};

/**
 * The delay before retry number `retry` (1 for the first): half of the capped exponential step
 * plus a random half, so that many visitors retrying after one outage spread out.
 */
export function backoffDelayMs(retry: number, policy: BackoffPolicy, random: () => number = Math.random): number {
  const step = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, retry - 1));
  return Math.round(step / 2 + random() * (step / 2));
}
