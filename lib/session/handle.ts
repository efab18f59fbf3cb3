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

/**
 * Longer than any seal this app makes: a handle seals to about 350 characters, and one with the
 * longest launch ID the contract allows (128 control characters, escaped in JSON) to about 1,400.
 * A longer handle is refused before any unseal, and is no key of the cache below.
 */
export const MAX_SEALED_HANDLE_LENGTH = 2048;

/**
 * What iron-session 9 appends to every seal. It lies outside the seal's MAC, so a seal with any
 * other suffix (or junk after it) is refused rather than unsealed: it would be a new cache entry
 * for the same verified handle.
 */
const IRON_SESSION_SUFFIX = "~2";

/**
 * Enough for every visitor one process serves at once (the bench's load run holds a thousand);
 * an entry of the usual size takes about 850 bytes, one of the longest handle about 2.5 KB.
 */
const UNSEALED_HANDLES_MAX = 10_000;
const UNSEALED_HANDLES_MAX_BYTES = 8 * 1024 * 1024;
const unsealedHandles = createUnsealedHandles({ maxEntries: UNSEALED_HANDLES_MAX, maxBytes: UNSEALED_HANDLES_MAX_BYTES });

/**
 * The part of a seal its MAC covers (and the MAC), or undefined when it is not shaped as the seals
 * this app makes: too long, or not ending in iron-session's one suffix. Checked before any unseal.
 */
function sealedPart(seal: string): string | undefined {
  if (seal.length > MAX_SEALED_HANDLE_LENGTH || !seal.endsWith(IRON_SESSION_SUFFIX)) return undefined;
  const sealed = seal.slice(0, -IRON_SESSION_SUFFIX.length);
  return sealed.includes("~") ? undefined : sealed;
}

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
  const sealed = sealedPart(seal);
  // Every handle would then be refused: say why at once rather than sign every member out.
  if (sealed === undefined) throw new Error(`iron-session's seal no longer ends in ${IRON_SESSION_SUFFIX} or outgrew ${MAX_SEALED_HANDLE_LENGTH} characters`);
  const expiresAt = sealExpiry(sealed);
  if (expiresAt !== undefined) unsealedHandles.remember(sealed, secretsKeyOf(secret), handle, expiresAt);
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

/** The handle inside a seal, or undefined when it is expired, tampered with, or not shaped as this app's seals (refused unopened). */
export async function unsealHandle(seal: string, secret: SessionSecret): Promise<SessionHandle | undefined> {
  const sealed = sealedPart(seal);
  if (sealed === undefined) return undefined;
  const secretsKey = secretsKeyOf(secret);
  const known = unsealedHandles.get(sealed, secretsKey);
  if (known) return known;
  const data = await unsealData<unknown>(sealed, { password: passwordMap(secret), ttl: SESSION_HANDLE_TTL_SECONDS });
  const result = handleSchema.safeParse(data);
  if (!result.success) return undefined;
  const expiresAt = sealExpiry(sealed);
  if (expiresAt !== undefined) unsealedHandles.remember(sealed, secretsKey, result.data, expiresAt);
  return result.data;
}

/** One cookie per launch, so two campus tabs with two launches never overwrite each other. */
export function sessionCookieName(launchId: string): string {
  return `${SESSION_COOKIE_PREFIX}${sha256Hex(launchId).slice(0, 16)}`;
}
