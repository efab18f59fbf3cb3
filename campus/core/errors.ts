import type { ErrorCode } from "../../lib/contract";
import { ERROR_STATUS } from "../../lib/contract";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";

/**
 * The one error type of the campus. REST errors carry a spec part 7 code and its status;
 * host and control endpoints reuse the same `{ error: { code, message } }` shape with their own codes.
 */
export class CampusError extends Error {
  readonly code: string;
  readonly status: ContentfulStatusCode;
  readonly headers: Record<string, string>;

  constructor(code: string, status: ContentfulStatusCode, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = "CampusError";
    this.code = code;
    this.status = status;
    this.headers = headers;
  }
}

/** A bad environment variable or registration: start-up stops, or a save answers 500 INVALID_CONFIG, naming it. */
export class CampusConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CampusConfigError";
  }
}

/** A spec error: the status comes from the code (spec part 7). */
export function restError(code: ErrorCode, message: string, headers?: Record<string, string>): CampusError {
  return new CampusError(code, ERROR_STATUS[code], message, headers);
}

/** Names the failing field of a zod error so a bad body or config says what to fix. */
export function describeIssues(error: { issues: readonly z.core.$ZodIssue[] }): string {
  return error.issues
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join(".")}: ${issue.message}` : issue.message))
    .join("; ");
}
