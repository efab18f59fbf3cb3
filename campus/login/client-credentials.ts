import { createHash, timingSafeEqual } from "node:crypto";
import { restError } from "../core/errors";
import { WWW_AUTHENTICATE } from "../core/policy";
import type { Registration } from "../state/registration";

export type ClientCredentials = { clientId: string; clientSecret: string };

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

function invalidClient(message: string) {
  return restError("INVALID_CLIENT", message, { "WWW-Authenticate": WWW_AUTHENTICATE.INVALID_CLIENT });
}

/**
 * Spec 5.1: HTTP Basic, base64 of `clientId:clientSecret`, literally (policy.ts): nothing is
 * decoded after base64, and the split is at the first colon (RFC 7617 2: the user-id has none, the
 * password may). Anything unreadable is INVALID_CLIENT.
 */
export function parseBasicCredentials(header: string | undefined): ClientCredentials {
  const match = /^Basic +(\S+) *$/i.exec(header ?? "");
  const encoded = match?.[1];
  if (!encoded) throw invalidClient("Client credentials are required (HTTP Basic)");
  if (!BASE64.test(encoded)) throw invalidClient("Client credentials are not valid base64");
  const decoded = new TextDecoder("utf-8", { fatal: false }).decode(Buffer.from(encoded, "base64"));
  const separator = decoded.indexOf(":");
  if (separator < 0) throw invalidClient("Client credentials must be clientId:clientSecret");
  return { clientId: decoded.slice(0, separator), clientSecret: decoded.slice(separator + 1) };
}

function digest(value: string): Buffer {
  return createHash("sha256").update(value, "utf8").digest();
}

/** Compares in constant time so that a wrong secret reveals nothing through timing. */
export function verifyClientCredentials(credentials: ClientCredentials, registration: Registration): void {
  const idMatches = timingSafeEqual(digest(credentials.clientId), digest(registration.clientId));
  const secretMatches = timingSafeEqual(digest(credentials.clientSecret), digest(registration.clientSecret));
  if (!idMatches || !secretMatches) throw invalidClient("Client credentials cannot be verified");
}
