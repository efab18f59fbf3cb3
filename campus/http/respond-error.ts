import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { CampusConfigError, CampusError, restError } from "../core/errors";
import { NOT_FOUND_CODE, UNEXPECTED_FAILURE_CODE, UNSUPPORTED_OPERATION_MESSAGE } from "../core/policy";

const isRestPath = (path: string) => path === "/v1" || path.startsWith("/v1/");

/** The host endpoints speak the iframe bridge's vocabulary (BAD_REQUEST); REST and control the spec's. */
function inputErrorCode(path: string): string {
  return path.startsWith("/host/") ? "BAD_REQUEST" : "BAD_USER_INPUT";
}

function toCampusError(error: Error, path: string): CampusError {
  // Call rules shared with the REST API name bad input BAD_USER_INPUT; the page hears BAD_REQUEST.
  if (error instanceof CampusError && error.code === "BAD_USER_INPUT") return new CampusError(inputErrorCode(path), error.status, error.message, error.headers);
  if (error instanceof CampusError) return error;
  // Thrown by Hono's validator for a body declared JSON that does not parse.
  if (error instanceof HTTPException && error.status === 400) return new CampusError(inputErrorCode(path), 400, error.message);
  if (error instanceof CampusConfigError) return new CampusError("INVALID_CONFIG", 500, error.message);
  console.error(error);
  // policy.ts: an unexpected failure is a 503 INTERNAL_SERVER_ERROR, the only server error of part 7.
  return restError(UNEXPECTED_FAILURE_CODE, "The campus failed to answer; retry");
}

/** Every error leaves in the spec's Error shape `{ error: { code, message } }` (part 2). */
export function respondWithError(c: Context, error: Error): Response {
  const campusError = toCampusError(error, c.req.path);
  return c.json({ error: { code: campusError.code, message: campusError.message } }, campusError.status, campusError.headers);
}

/** policy.ts: unknown /v1 paths and methods are an unsupported operation (400); others are 404. */
export function respondNotFound(c: Context): Response {
  if (isRestPath(c.req.path)) return respondWithError(c, restError("BAD_USER_INPUT", UNSUPPORTED_OPERATION_MESSAGE));
  return respondWithError(c, new CampusError(NOT_FOUND_CODE, 404, `Nothing at ${c.req.method} ${c.req.path}`));
}
