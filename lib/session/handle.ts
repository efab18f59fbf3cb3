import "server-only";
import { sealData, unsealData } from "iron-session";
import { sha256Hex } from "@/lib/security/random";
import { sessionHandleSchema as handleSchema, type SessionHandle } from "./records";
import { secretsOf, type SessionSecret } from "./secrets";
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

/**
 * A seal names the password that made it by an ID (iron-session's password map). The ID comes from
 * the secret itself, so a seal keeps naming its secret when SESSION_SECRET rotates and the secret
 * moves to SESSION_SECRET_PREVIOUS. (ID 1 is what a bare string password makes: seals from before
 * secrets had IDs, made with the current secret.)
 */
function passwordId(secret: string): number {
  return 2 + Number.parseInt(sha256Hex(`iron-session password id:${secret}`).slice(0, 12), 16);
}

/**
 * Seals with the current secret only. The process remembers what it sealed as if it had unsealed
 * it: the login that follows a state, and the first request after a login, then read their handle
 * without the WebCrypto steps of an unseal (another process unseals it as usual).
 */
export async function sealHandle(handle: SessionHandle, secret: SessionSecret): Promise<string> {
  const [current] = secretsOf(secret);
  const seal = await sealData(handle, { password: { [passwordId(current)]: current }, ttl: SESSION_HANDLE_TTL_SECONDS });
  const expiresAt = sealExpiry(seal);
  if (expiresAt !== undefined) unsealedHandles.remember(seal, secretsKeyOf(secret), handle, expiresAt);
  return seal;
}

/** The cache remembers which secrets opened a seal: after a rotation, a seal of a dropped secret is not trusted. */
function secretsKeyOf(secret: SessionSecret): string {
  return secretsOf(secret).join("\n");
}

/** Opens a seal of any of the secrets, the previous one during a rotation. */
function passwordMap(secret: SessionSecret): Record<number, string> {
  const secrets = secretsOf(secret);
  return { 1: secrets[0], ...Object.fromEntries(secrets.map((each) => [passwordId(each), each])) };
}

/** The handle inside a seal, or undefined when it is expired, tampered with or not a seal. */
export async function unsealHandle(seal: string, secret: SessionSecret): Promise<SessionHandle | undefined> {
  const secretsKey = secretsKeyOf(secret);
  const known = unsealedHandles.get(seal, secretsKey);
  if (known) return known;
  const data = await unsealData<unknown>(seal, { password: passwordMap(secret), ttl: SESSION_HANDLE_TTL_SECONDS });
  const result = handleSchema.safeParse(data);
  if (!result.success) return undefined;
  const expiresAt = sealExpiry(seal);
  if (expiresAt !== undefined) unsealedHandles.remember(seal, secretsKey, result.data, expiresAt);
  return result.data;
}

/** One cookie per launch, so two campus tabs with two launches never overwrite each other. */
export function sessionCookieName(launchId: string): string {
  return `${SESSION_COOKIE_PREFIX}${sha256Hex(launchId).slice(0, 16)}`;
}
