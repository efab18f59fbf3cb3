import "server-only";
import { randomBytes } from "node:crypto";

/**
 * Spec 4 and part 8: one clientId per user action, 16 to 128 chars of `[a-zA-Z0-9_-]`.
 * 24 random bytes as base64url: 32 characters, 192 bits, never guessed or repeated.
 */
export function newClientId(): string {
  return randomBytes(24).toString("base64url");
}
