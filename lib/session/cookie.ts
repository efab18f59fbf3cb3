import "server-only";
import type { NextResponse } from "next/server";
import type { SessionCredentials } from "./session-credentials";
import { SESSION_HANDLE_TTL_SECONDS, sessionCookieName } from "./handle";
import { sealExpiry } from "./unsealed-handles";

// Inside a cross-site iframe, Chromium keeps only `SameSite=None; Secure; Partitioned` cookies (CHIPS).
// The `__Host-` name (lib/session/handle.ts) also needs Secure and Path=/, and no Domain.
const SESSION_COOKIE_OPTIONS = {
  httpOnly: true,
  secure: true,
  sameSite: "none",
  partitioned: true,
  path: "/",
} as const;

/**
 * At most this many launches keep a cookie in one browser (two or three campus tabs at once, and
 * a reload). Each is about 400 bytes, so the Cookie header stays far below the 4 KB that proxies
 * and servers refuse past (431), however many launches the browser has opened.
 */
export const MAX_SESSION_COOKIES = 4;

/** Sets the launch's cookie and expires the oldest other session cookies the request carried, beyond the bound. */
export function setSessionCookie(response: NextResponse, credentials: SessionCredentials, handle: string) {
  response.cookies.set(sessionCookieName(credentials.launchId), handle, { ...SESSION_COOKIE_OPTIONS, maxAge: SESSION_HANDLE_TTL_SECONDS });
  for (const name of cookiesBeyondBound(credentials)) clearCookie(response, name);
}

// Clearing needs the same attributes, Partitioned included, or the browser keeps the cookie.
export function clearSessionCookie(response: NextResponse, launchId: string) {
  clearCookie(response, sessionCookieName(launchId));
}

function clearCookie(response: NextResponse, name: string) {
  response.cookies.set(name, "", { ...SESSION_COOKIE_OPTIONS, maxAge: 0 });
}

/**
 * The other launches' cookies to expire, oldest first out. Every seal has the same TTL, so its
 * expiry (readable without the secret) orders them by age; a value that is no seal counts as oldest.
 * Only the browser's own cookies are ordered here: nothing in them is trusted.
 */
function cookiesBeyondBound(credentials: SessionCredentials): string[] {
  const own = sessionCookieName(credentials.launchId);
  const others = credentials.sessionCookies
    .filter((cookie) => cookie.name !== own)
    .map((cookie) => ({ name: cookie.name, issuedBy: sealExpiry(cookie.value) ?? 0 }))
    .sort((a, b) => b.issuedBy - a.issuedBy);
  return others.slice(MAX_SESSION_COOKIES - 1).map((cookie) => cookie.name);
}
