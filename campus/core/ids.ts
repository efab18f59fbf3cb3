import { createHash, randomBytes } from "node:crypto";

/** An opaque secret value (codes, access tokens): 32 random bytes, base64url (43 chars). */
export function createOpaqueSecret(): string {
  return randomBytes(32).toString("base64url");
}

/** An opaque, non-secret identifier such as a launch ID: `lch_` followed by 16 random bytes. */
export function createPrefixedId(prefix: string): string {
  return `${prefix}_${randomBytes(16).toString("base64url")}`;
}

/**
 * A server-generated-looking ID that is the same on every start, so that tests and docs can
 * refer to seeded members by ID. Derived from the seed name, never from an identity provider.
 */
export function deriveStableId(prefix: string, seed: string): string {
  const digest = createHash("sha256").update(`campus-seed:${seed}`).digest("hex");
  return `${prefix}_${digest.slice(0, 24)}`;
}
