import { z } from "zod";

// Spec part 7: every error code, with the HTTP status it travels with.
export const ERROR_STATUS = {
  BAD_USER_INPUT: 400,
  INVALID_CLIENT: 401,
  INVALID_TOKEN: 401,
  ACCESS_REVOKED: 403,
  APP_UNAVAILABLE: 403,
  FORBIDDEN: 403,
  CALL_CONFLICT: 409,
  RATE_LIMITED: 429,
  INTERNAL_SERVER_ERROR: 503,
} as const;

export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];
export type ErrorCode = keyof typeof ERROR_STATUS;
export const errorCodeSchema = z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]);

// Spec part 2: Error. `{ error: { code, message } }`, both required, no other fields.
// The code is read as a plain string so that a code this version does not know still parses.
export const errorBodySchema = z.strictObject({
  error: z.strictObject({ code: z.string(), message: z.string() }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export function errorBody(code: ErrorCode, message: string): ErrorBody {
  return { error: { code, message } };
}
