import "server-only";

/**
 * Spec 5.1: HTTP Basic, "value is base64 of `clientId:clientSecret`", literally: nothing is
 * encoded before base64, so a secret holding `+`, `/`, `=`, `%` or `:` reaches the campus as issued.
 * The campus splits on the first colon (RFC 7617 2), so only the client ID must not hold one.
 */
export function basicAuthorization(clientId: string, clientSecret: string): string {
  if (clientId.includes(":")) throw new Error("CAMPUS_CLIENT_ID cannot contain a colon (spec 5.1, RFC 7617 2)");
  return `Basic ${Buffer.from(`${clientId}:${clientSecret}`, "utf8").toString("base64")}`;
}
