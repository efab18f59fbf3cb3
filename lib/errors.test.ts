import { describe, expect, it } from "vitest";
import { ERROR_STATUS, type ErrorCode } from "@/lib/contract";
import { AppError, parseRetryAfter } from "./errors";

describe("spec part 7: one error vocabulary", () => {
  it("gives every code its spec status", () => {
    for (const code of Object.keys(ERROR_STATUS) as ErrorCode[]) {
      expect(new AppError(code, "m").status).toBe(ERROR_STATUS[code]);
    }
  });

  it("answers in the spec's Error shape, never cached", async () => {
    const response = new AppError("ACCESS_REVOKED", "Consent ended").toResponse();
    expect(response.status).toBe(403);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(await response.json()).toEqual({ error: { code: "ACCESS_REVOKED", message: "Consent ended" } });
  });

  it("sends Retry-After when it has one", () => {
    const response = new AppError("RATE_LIMITED", "Slow down", { retryAfterSeconds: 30 }).toResponse();
    expect(response.headers.get("retry-after")).toBe("30");
  });

  it("reads an Error body back into the same class (the client fetcher's path)", () => {
    const error = AppError.fromBody({ error: { code: "INVALID_TOKEN", message: "Sign in again" } }, { fallbackMessage: "x" });
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: "INVALID_TOKEN", status: 401, message: "Sign in again" });
  });

  it("reads anything else as unavailable, with the fallback message", () => {
    expect(AppError.fromBody("<html>", { fallbackMessage: "down" })).toMatchObject({ code: "INTERNAL_SERVER_ERROR", message: "down" });
    expect(AppError.fromBody({ error: { code: "NEW_CODE", message: "?" } }, { fallbackMessage: "down" })).toMatchObject({ status: 503 });
    expect(AppError.fromBody({ error: { code: "FORBIDDEN", message: "m", extra: 1 } }, { fallbackMessage: "down" })).toMatchObject({ status: 503 });
  });

  it("reads Retry-After in seconds only", () => {
    expect(parseRetryAfter("12")).toBe(12);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter("Wed, 21 Oct 2015 07:28:00 GMT")).toBeUndefined();
  });
});
