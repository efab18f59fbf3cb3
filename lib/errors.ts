import { z } from "zod";
// By its file, not the contract's index: the page's handshake builds only the schemas it uses (campus-app.tsx).
import { ERROR_STATUS, errorBodySchema, type ErrorBody, type ErrorCode } from "@/lib/contract/errors";

/** Spec part 4: every response, success or error, carries this. */
export const NO_STORE = "private, no-store";

/**
 * The app's own input rules (lib/http/define-route.ts) answer with these, in the spec's Error
 * shape: HTTP statuses the campus never sends, so the spec has no code for them. App-side only.
 */
export const APP_ERROR_STATUS = {
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  REQUEST_TIMEOUT: 408,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  MISDIRECTED_REQUEST: 421,
} as const;

export type AppErrorCode = ErrorCode | keyof typeof APP_ERROR_STATUS;

const STATUS: Record<AppErrorCode, number> = { ...ERROR_STATUS, ...APP_ERROR_STATUS };
const appErrorCodeSchema = z.enum(Object.keys(STATUS) as [AppErrorCode, ...AppErrorCode[]]);

/**
 * The one error vocabulary of the app: the spec's codes (part 7) with their statuses, and the
 * app-side codes of its own input rules.
 * No server imports, so the route handlers throw it and the client fetcher rethrows it.
 */
export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly status: number;
  readonly retryAfterSeconds: number | undefined;
  /** The methods a route takes, sent as `Allow` with a 405 (RFC 9110 15.5.6). */
  readonly allow: readonly string[] | undefined;

  constructor(
    code: AppErrorCode,
    message: string,
    options: { retryAfterSeconds?: number; allow?: readonly string[]; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = "AppError";
    this.code = code;
    this.status = STATUS[code];
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.allow = options.allow;
  }

  /** Reads a spec Error body; anything else, or a code this version does not know, reads as unavailable. */
  static fromBody(payload: unknown, options: { retryAfterSeconds?: number; fallbackMessage: string }): AppError {
    const body = errorBodySchema.safeParse(payload);
    const code = appErrorCodeSchema.safeParse(body.data?.error.code);
    if (!body.success || !code.success) return new AppError("INTERNAL_SERVER_ERROR", options.fallbackMessage);
    return new AppError(code.data, body.data.error.message, { retryAfterSeconds: options.retryAfterSeconds });
  }

  toBody(): ErrorBody {
    return { error: { code: this.code, message: this.message } };
  }

  /** The error as an API answer (lib/http/respond.ts): its status, the Error shape, no-store, and Retry-After or Allow when set. */
  toAnswer(): { status: number; body: ErrorBody; headers: Record<string, string> } {
    const headers: Record<string, string> = { "Cache-Control": NO_STORE };
    if (this.retryAfterSeconds !== undefined) headers["Retry-After"] = String(this.retryAfterSeconds);
    if (this.allow !== undefined) headers["Allow"] = this.allow.join(", ");
    return { status: this.status, body: this.toBody(), headers };
  }

  toResponse(): Response {
    const { status, body, headers } = this.toAnswer();
    return Response.json(body, { status, headers });
  }
}

/** Retry-After in seconds (RFC 9110 10.2.3); the date form is not used by the campus. */
export function parseRetryAfter(value: string | null): number | undefined {
  if (value === null || !/^\d+$/.test(value.trim())) return undefined;
  return Number(value.trim());
}
