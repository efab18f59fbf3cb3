import { SWRConfig } from "swr";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppError } from "@/lib/errors";
import { READ_RETRY, retryCallRead } from "./read-retry";

afterEach(() => void vi.useRealTimers());

function retry(error: unknown, retryCount: number) {
  const revalidate = vi.fn(async () => true);
  retryCallRead(error, "key", SWRConfig.defaultValue, revalidate, { retryCount, dedupe: true });
  return revalidate;
}

describe("spec part 7: the call reads retry a 503, wait out a 429, and stop on the rest", () => {
  it("503: retries after a capped, jittered delay", async () => {
    vi.useFakeTimers();
    const revalidate = retry(new AppError("INTERNAL_SERVER_ERROR", "down"), 3);
    await vi.advanceTimersByTimeAsync(READ_RETRY.baseDelayMs * 2 - 1);
    expect(revalidate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(READ_RETRY.baseDelayMs * 2 + 1);
    expect(revalidate).toHaveBeenCalledWith({ retryCount: 3 });
  });

  it("503: gives up after a few retries", async () => {
    vi.useFakeTimers();
    const revalidate = retry(new AppError("INTERNAL_SERVER_ERROR", "down"), READ_RETRY.maxRetries + 1);
    await vi.advanceTimersByTimeAsync(READ_RETRY.maxDelayMs * 2);
    expect(revalidate).not.toHaveBeenCalled();
  });

  it("429: retries only after Retry-After", async () => {
    vi.useFakeTimers();
    const revalidate = retry(new AppError("RATE_LIMITED", "slow", { retryAfterSeconds: 4 }), 1);
    await vi.advanceTimersByTimeAsync(3_999);
    expect(revalidate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(revalidate).toHaveBeenCalledOnce();
  });

  it.each([["INVALID_TOKEN"], ["ACCESS_REVOKED"], ["APP_UNAVAILABLE"], ["FORBIDDEN"], ["CALL_CONFLICT"], ["BAD_USER_INPUT"]] as const)(
    "%s: no retry",
    async (code) => {
      vi.useFakeTimers();
      const revalidate = retry(new AppError(code, "m"), 1);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(revalidate).not.toHaveBeenCalled();
    },
  );
});
