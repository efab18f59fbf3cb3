import { NextResponse, type NextRequest } from "next/server";
import { getEnv } from "@/lib/env";
import { buildContentSecurityPolicy, createNonce } from "@/lib/security/csp";

/** Pages only: the frame-ancestors and frame-src policy with a fresh script nonce (spec 5.7). */
export function proxy(request: NextRequest) {
  const nonce = createNonce();
  const policy = buildContentSecurityPolicy({
    nonce,
    campusOrigins: getEnv().CAMPUS_ORIGINS,
    isDevelopment: process.env.NODE_ENV === "development",
  });
  // Next reads the nonce from the request's CSP header and tags its own scripts with it.
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", policy);
  return response;
}

export const config = {
  // API routes are left out: they set their own headers (see next.config.mjs) and pay no proxy hop.
  matcher: ["/((?!api/|_next/static|_next/image|favicon.ico).*)"],
};
