import { expect } from "vitest";

/** As long as the Chromium run's `expect` waits for a locator: room for a busy machine; a passing read returns at once. */
export const EXPECT_TIMEOUT_MS = 60_000;

/** Retries a read of the page until the matcher holds, like Playwright's web-first assertions. */
export function eventually<T>(read: () => T | Promise<T>, timeout = EXPECT_TIMEOUT_MS) {
  return expect.poll(read, { timeout, interval: 100 });
}
