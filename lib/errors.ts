import { ERROR_STATUS, errorBody, errorBodySchema, errorCodeSchema, type ErrorBody, type ErrorCode } from "@/lib/contract";

/** Spec part 4: every response, success or error, carries this. */
export const NO_STORE = "private, no-store";

/**
 * The one error vocabulary of the app: the spec's codes (part 7) with their statuses.
 * No server imports, so the route handlers throw it and the client fetcher rethrows it.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly retryAfterSeconds: number | undefined;

  constructor(code: ErrorCode, message: string, options: { retryAfterSeconds?: number; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = "AppError";
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  /** Reads a spec Error body; anything else, or a code this version does not know, reads as unavailable. */
  static fromBody(payload: unknown, options: { retryAfterSeconds?: number; fallbackMessage: string }): AppError {
    const body = errorBodySchema.safeParse(payload);
    const code = errorCodeSchema.safeParse(body.data?.error.code);
    if (!body.success || !code.success) return new AppError("INTERNAL_SERVER_ERROR", options.fallbackMessage);
    return new AppError(code.data, body.data.error.message, { retryAfterSeconds: options.retryAfterSeconds });
  }

  toBody(): ErrorBody {
    return errorBody(this.code, this.message);
  }

  toResponse(): Response {
    const headers = new Headers({ "Cache-Control": NO_STORE });
    if (this.retryAfterSeconds !== undefined) headers.set("Retry-After", String(this.retryAfterSeconds));
    return Response.json(this.toBody(), { status: this.status, headers });
  }
}

/** Retry-After in seconds (RFC 9110 10.2.3); the date form is not used by the campus. */
export function parseRetryAfter(value: string | null): number | undefined {
  if (value === null || !/^\d+$/.test(value.trim())) return undefined;
  return Number(value.trim());
}
