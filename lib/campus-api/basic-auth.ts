import "server-only";

/** application/x-www-form-urlencoded encoding of one value (space as "+", as HTML forms do). */
function formUrlEncode(value: string): string {
  return new URLSearchParams({ v: value }).toString().slice("v=".length);
}

/**
 * Spec 5.1 with RFC 6749 2.3.1: the client ID and secret are each form-urlencoded,
 * joined by ":" and base64-encoded.
 */
export function basicAuthorization(clientId: string, clientSecret: string): string {
  const credentials = `${formUrlEncode(clientId)}:${formUrlEncode(clientSecret)}`;
  return `Basic ${Buffer.from(credentials, "utf8").toString("base64")}`;
}
