import { NextResponse, type NextRequest } from "next/server";
import { getEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { assertDevelopmentHost, assertPageMethod } from "@/lib/http/input-rules";
import { buildContentSecurityPolicy, createNonce } from "@/lib/security/csp";

/**
 * Pages only: a page takes GET and HEAD (any other method is 405 before Next renders, and Next
 * keeps no more of its body than next.config.mjs allows), in development only from the app's own
 * names, and gets the frame-ancestors and frame-src policy with a fresh script nonce (spec 5.7).
 */
export function proxy(request: NextRequest) {
  try {
    assertDevelopmentHost(request.headers);
    assertPageMethod(request.method);
  } catch (error) {
    if (error instanceof AppError) return error.toResponse();
    throw error;
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
  // API routes are left out: they set their own headers (see next.config.mjs) and pay no proxy hop.
  matcher: ["/((?!api/|_next/static|_next/image|favicon.ico).*)"],
};
