import { z } from "zod";
import { authenticateParamsSchema, memberSchema, readyResultSchema, tokenRequestSchema } from "@/lib/contract";

/*
 * The app's own API between its page and its backend (not the campus's).
 * No server imports: the route handlers validate requests with these, the page validates responses.
 */

/** Sent on every API call: selects the launch's session and, being custom, forces a CORS preflight (CSRF guard). */
export const LAUNCH_HEADER = "X-Campus-Launch";
/** Cookieless mode only (no cookie reaches the frame): the sealed session handle the login returned. */
export const SESSION_HEADER = "X-App-Session";

export const launchIdSchema = readyResultSchema.shape.launchId;

// POST /api/auth/state (spec 5.3.3)
export const stateRequestSchema = z.strictObject({
  launchId: launchIdSchema,
  campusOrigin: z.string().min(1).max(2048),
});
export const stateResponseSchema = z.strictObject({ state: authenticateParamsSchema.shape.state });

// POST /api/auth/login (spec 5.3.5)
export const loginRequestSchema = z.strictObject({
  launchId: launchIdSchema,
  code: tokenRequestSchema.shape.code,
  state: authenticateParamsSchema.shape.state,
});
export const loginResponseSchema = z.strictObject({
  member: memberSchema,
  /** When the campus token ends (ISO 8601). */
  expiresAt: z.iso.datetime(),
  /** Seconds until then, as of this response: the page schedules renewal from it, whatever its clock says. */
  expiresIn: z.number().int().nonnegative(),
  /** Only in cookieless mode; the page keeps it in memory and sends it as X-App-Session. */
  sessionHandle: z.string().min(1).optional(),
});

// GET /api/me
export const meResponseSchema = loginResponseSchema.omit({ sessionHandle: true });

// POST /api/auth/logout, GET /api/health
export const okResponseSchema = z.strictObject({ ok: z.literal(true) });

export type StateRequest = z.infer<typeof stateRequestSchema>;
export type StateResponse = z.infer<typeof stateResponseSchema>;
export type LoginRequest = z.infer<typeof loginRequestSchema>;
export type LoginResponse = z.infer<typeof loginResponseSchema>;
export type MeResponse = z.infer<typeof meResponseSchema>;
