import "server-only";

/**
 * Spec 4.10: a tile URL is relative to {campus_origin}, the exact origin that answered the
 * iframe handshake (the session's `campusOrigin`). An absolute URL, or one that resolves to any
 * other origin ("//host", a backslash trick), is off the contract: undefined.
 */
export function resolveTileUrl(url: string, campusOrigin: string): string | undefined {
  if (URL.canParse(url) || !URL.canParse(url, campusOrigin)) return undefined;
  const resolved = new URL(url, campusOrigin);
  return resolved.origin === campusOrigin ? resolved.href : undefined;
}
