import { NextResponse, type NextRequest } from "next/server";
import { getEnv } from "@/lib/env";
import { NO_STORE } from "@/lib/errors";
import { buildContentSecurityPolicy, createNonce } from "@/lib/security/csp";

export function proxy(request: NextRequest) {
  // Spec part 4: every API response carries private, no-store (the route helpers set it too).
  if (request.nextUrl.pathname.startsWith("/api/")) {
    const response = NextResponse.next();
    response.headers.set("Cache-Control", NO_STORE);
    return response;
  }

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
  matcher: ["/((?!_next/static|_next/image|favicon.ico).*)"],
};
