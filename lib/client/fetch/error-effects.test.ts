import { describe, expect, it } from "vitest";
import { ERROR_CODES, type ErrorCode } from "@/lib/contract";
import { AppError } from "@/lib/errors";
import { DEFAULT_RETRY_AFTER_SECONDS, errorEffect, errorMessage } from "./error-effects";

const EXPECTED: Record<ErrorCode, string> = {
  BAD_USER_INPUT: "invalid",
  INVALID_CLIENT: "expired",
  INVALID_TOKEN: "expired",
  ACCESS_REVOKED: "access-lost",
  APP_UNAVAILABLE: "access-lost",
  FORBIDDEN: "forbidden",
  CALL_CONFLICT: "conflict",
  RATE_LIMITED: "rate-limited",
  INTERNAL_SERVER_ERROR: "unavailable",
};

describe("spec part 7: what the call view does for each code", () => {
  it.each(ERROR_CODES)("%s", (code) => {
    expect(errorEffect(new AppError(code, "m")).kind).toBe(EXPECTED[code]);
  });

  it("429 carries its Retry-After, or a default, and never less than a second", () => {
    expect(errorEffect(new AppError("RATE_LIMITED", "m", { retryAfterSeconds: 9 }))).toEqual({ kind: "rate-limited", retryAfterSeconds: 9 });
    expect(errorEffect(new AppError("RATE_LIMITED", "m"))).toEqual({ kind: "rate-limited", retryAfterSeconds: DEFAULT_RETRY_AFTER_SECONDS });
    expect(errorEffect(new AppError("RATE_LIMITED", "m", { retryAfterSeconds: 0 }))).toEqual({ kind: "rate-limited", retryAfterSeconds: 1 });
  });

  it("keeps the returned message; anything else gets a generic one, never a stack", () => {
    expect(errorMessage(new AppError("FORBIDDEN", "Only the host can approve"))).toBe("Only the host can approve");
    expect(errorEffect(new TypeError("x"))).toEqual({ kind: "invalid" });
    expect(errorMessage(new TypeError("x is undefined"))).toBe("Something went wrong; try again");
  });
});
