import "server-only";
import type { NextResponse } from "next/server";
import { SESSION_HANDLE_TTL_SECONDS, sessionCookieName } from "./handle";

// Inside a cross-site iframe, Chromium keeps only `SameSite=None; Secure; Partitioned` cookies (CHIPS).
const SESSION_COOKIE_OPTIONS = {
  httpOnly: true,
  secure: true,
  sameSite: "none",
  partitioned: true,
  path: "/",
} as const;

export function setSessionCookie(response: NextResponse, launchId: string, handle: string) {
  response.cookies.set(sessionCookieName(launchId), handle, {
    ...SESSION_COOKIE_OPTIONS,
    maxAge: SESSION_HANDLE_TTL_SECONDS,
  });
}

// Clearing needs the same attributes, Partitioned included, or the browser keeps the cookie.
export function clearSessionCookie(response: NextResponse, launchId: string) {
  response.cookies.set(sessionCookieName(launchId), "", { ...SESSION_COOKIE_OPTIONS, maxAge: 0 });
}
