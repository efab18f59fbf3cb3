import "server-only";
import { sealData, unsealData } from "iron-session";
import { sha256Hex } from "@/lib/security/random";
import { sessionHandleSchema as handleSchema, type SessionHandle } from "./records";
import { SESSION_ABSOLUTE_LIFETIME_SECONDS } from "./lifetime";
import { createUnsealedHandles, sealExpiry } from "./unsealed-handles";

/**
 * Every seal and its cookie live as long as a session can: the server decides when a session ends
 * (lib/session/lifetime.ts); the seal's own expiry only bounds what a leaked handle is good for.
 * One TTL for all, so a seal's expiry orders cookies by age (lib/session/cookie.ts).
 */
export const SESSION_HANDLE_TTL_SECONDS = SESSION_ABSOLUTE_LIFETIME_SECONDS;

/** `__Host-`: the browser takes the cookie only with Secure, Path=/ and no Domain, so no sibling host can plant one. */
export const SESSION_COOKIE_PREFIX = "__Host-app_session_";

/** Enough for every visitor one process serves at once (the bench's load run holds a thousand). */
const UNSEALED_HANDLES_MAX = 10_000;
const unsealedHandles = createUnsealedHandles({ maxEntries: UNSEALED_HANDLES_MAX });

export function sealHandle(handle: SessionHandle, secret: string): Promise<string> {
  return sealData(handle, { password: secret, ttl: SESSION_HANDLE_TTL_SECONDS });
}

/** The handle inside a seal, or undefined when it is expired, tampered with or not a seal. */
export async function unsealHandle(seal: string, secret: string): Promise<SessionHandle | undefined> {
  const known = unsealedHandles.get(seal, secret);
  if (known) return known;
  const data = await unsealData<unknown>(seal, { password: secret, ttl: SESSION_HANDLE_TTL_SECONDS });
  const result = handleSchema.safeParse(data);
  if (!result.success) return undefined;
  const expiresAt = sealExpiry(seal);
  if (expiresAt !== undefined) unsealedHandles.remember(seal, secret, result.data, expiresAt);
  return result.data;
}

/** One cookie per launch, so two campus tabs with two launches never overwrite each other. */
export function sessionCookieName(launchId: string): string {
  return `${SESSION_COOKIE_PREFIX}${sha256Hex(launchId).slice(0, 16)}`;
}
