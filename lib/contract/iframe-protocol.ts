import { z } from "zod";

/*
 * Spec part 6: the iframe messages `ready` and `authenticate` (version 2).
 * The spec does not show the envelope; this is the one the local campus and the app share
 * (docs/assumptions.md, "Iframe message envelope").
 *
 *   request  { protocol, version: 2, id, method, params }
 *   reply    { protocol, version: 2, id, result }            on success
 *            { protocol, version: 2, id, error: { code, message } }  on failure
 *
 * `id` is chosen by the app and echoed by the host so that a reply matches its request.
 */
export const IFRAME_PROTOCOL = "campus.hosted-app";
export const IFRAME_PROTOCOL_VERSION = 2;

const envelope = {
  protocol: z.literal(IFRAME_PROTOCOL),
  version: z.literal(IFRAME_PROTOCOL_VERSION),
  id: z.string().min(1).max(64),
};

export const readyRequestSchema = z.strictObject({
  ...envelope,
  method: z.literal("ready"),
  params: z.strictObject({}),
});

export const authenticateParamsSchema = z.strictObject({
  launchId: z.string().min(1).max(128),
  state: z.string().min(1).max(256),
});

export const authenticateRequestSchema = z.strictObject({
  ...envelope,
  method: z.literal("authenticate"),
  params: authenticateParamsSchema,
});

export const hostRequestSchema = z.discriminatedUnion("method", [
  readyRequestSchema,
  authenticateRequestSchema,
]);
export type HostRequest = z.infer<typeof hostRequestSchema>;
export type HostMethod = HostRequest["method"];

// Replies. `authenticate` v2 holds only code, expiresIn and state (spec part 9).
export const readyResultSchema = z.strictObject({ launchId: z.string().min(1).max(128) });
export const authenticateResultSchema = z.strictObject({
  code: z.string().min(1).max(128),
  expiresIn: z.number().int().positive(),
  state: z.string().min(1).max(256),
});
export type ReadyResult = z.infer<typeof readyResultSchema>;
export type AuthenticateResult = z.infer<typeof authenticateResultSchema>;

/** Codes the host page may answer a request with. */
export const HOST_ERROR_CODES = [
  "BAD_REQUEST", // the message did not match the envelope or its params
  "INVALID_LAUNCH", // unknown launch, a launch of another frame, or one a registration save ended
  "CONSENT_DENIED", // the member declined the consent dialog
  "APP_UNAVAILABLE", // the app is not published, or its registration no longer allows this frame
] as const;
export const hostErrorSchema = z.strictObject({
  code: z.enum(HOST_ERROR_CODES),
  message: z.string(),
});
export type HostError = z.infer<typeof hostErrorSchema>;

export const hostReplySchema = z.union([
  z.strictObject({ ...envelope, result: z.record(z.string(), z.unknown()) }),
  z.strictObject({ ...envelope, error: hostErrorSchema }),
]);
export type HostReply = z.infer<typeof hostReplySchema>;
