import "server-only";
import { ResponseCookies } from "next/dist/compiled/@edge-runtime/cookies";
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

/** The Set-Cookie lines that set the launch's cookie and expire the oldest other session cookies the request carried, beyond the bound. */
export function setSessionCookie(credentials: SessionCredentials, handle: string): string[] {
  return setCookieLines((cookies) => {
    cookies.set(sessionCookieName(credentials.launchId), handle, { ...SESSION_COOKIE_OPTIONS, maxAge: SESSION_HANDLE_TTL_SECONDS });
    for (const name of cookiesBeyondBound(credentials)) clearCookie(cookies, name);
  });
}

// Clearing needs the same attributes, Partitioned included, or the browser keeps the cookie.
export function clearSessionCookie(launchId: string): string[] {
  return setCookieLines((cookies) => clearCookie(cookies, sessionCookieName(launchId)));
}

function clearCookie(cookies: ResponseCookies, name: string) {
  cookies.set(name, "", { ...SESSION_COOKIE_OPTIONS, maxAge: 0 });
}

/** The lines Next's own response cookies (a NextResponse's `cookies`) would write for these changes. */
function setCookieLines(change: (cookies: ResponseCookies) => void): string[] {
  const headers = new Headers();
  change(new ResponseCookies(headers));
  return headers.getSetCookie();
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
