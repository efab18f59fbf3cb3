import "server-only";
import { randomToken } from "@/lib/security/random";

/**
 * The app's own session key (spec 2 CallActivity, 1 to 256 chars): made on the server, never shown
 * to a page. 32 random bytes as base64url: 43 characters, 256 bits, never guessed or repeated.
 */
export function newSessionKey(): string {
  return randomToken(32);
}
