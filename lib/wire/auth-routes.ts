import { z } from "zod";
// By their files, not the contract's index: the page's handshake builds only the schemas it uses (campus-app.tsx).
import { authenticateParamsSchema, readyResultSchema } from "@/lib/contract/iframe-protocol";
import { memberSchema } from "@/lib/contract/member";
import { tokenRequestSchema } from "@/lib/contract/token";
import { declareRoute } from "./declare-route";

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

/** Spec 5.3.3: a fresh login state for this launch's session. No session needed: rate limited. */
export const authStateRoute = declareRoute({
  path: "/api/auth/state",
  POST: {
    body: stateRequestSchema,
    response: stateResponseSchema,
    maxBodyBytes: 4096,
    rateLimit: { byAddress: "stateByAddress", byLaunch: "stateByLaunch" },
  },
});

/** Spec 5.3.5: the code and the echoed state in, the member and the session's end out. No session needed: rate limited. */
export const authLoginRoute = declareRoute({
  path: "/api/auth/login",
  POST: {
    body: loginRequestSchema,
    response: loginResponseSchema,
    maxBodyBytes: 1024,
    rateLimit: { byAddress: "loginByAddress", byLaunch: "loginByLaunch" },
  },
});

export const authLogoutRoute = declareRoute({ path: "/api/auth/logout", POST: { response: okResponseSchema } });

/** Spec 4.2: the signed-in member, asked of the campus again. */
export const meRoute = declareRoute({ path: "/api/me", GET: { response: meResponseSchema } });

/** The one route without X-Campus-Launch: probes and test runners wait on it. */
export const healthRoute = declareRoute({ path: "/api/health", launch: false, GET: { response: okResponseSchema } });
