import "server-only";
import { AppError } from "@/lib/errors";
import type { ApiRequest, HeaderReader } from "@/lib/http/api-request";
import { BODY_TOO_LARGE } from "@/lib/http/read-body";

/*
 * The header checks every API route runs before it reads a body or a session (lib/http/define-route.ts),
 * and the ones the proxy runs for pages (proxy.ts). Each refuses in the spec's Error shape; none reads the body.
 */

export const CROSS_SITE = "This route takes requests from the app's own page only";

/** The refusal of a method a route does not take, with the ones it does (405 + Allow). */
export function methodNotAllowed(allow: readonly string[]): AppError {
  return new AppError("METHOD_NOT_ALLOWED", "This route does not take that method", { allow });
}

/** A page reads nothing but its URL and headers: it takes no body, so no method that carries one. */
export const PAGE_METHODS = ["GET", "HEAD"] as const;

/** Any other method on a page is 405 with Allow: GET, HEAD (proxy.ts runs this before Next renders). */
export function assertPageMethod(method: string): void {
  if (!(PAGE_METHODS as readonly string[]).includes(method)) throw methodNotAllowed(PAGE_METHODS);
}

/**
 * The names the development server answers to, on any port. It holds the published development
 * secret and listens on loopback only (scripts/dev.mjs), yet a page on any site can point its own
 * name at 127.0.0.1 (DNS rebinding) and then call it as a same-origin page: such requests carry
 * that page's name in Host, which is what no page can choose.
 */
const DEVELOPMENT_HOST_NAMES = new Set(["app.localhost", "localhost", "127.0.0.1", "[::1]"]);

/** Whether a Host header names the development server: one of its names, with or without a port. */
export function isDevelopmentHost(host: string | null): boolean {
  const name = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::\d{1,5})?$/i.exec(host ?? "")?.[1]?.toLowerCase();
  return name !== undefined && DEVELOPMENT_HOST_NAMES.has(name);
}

/**
 * In development, a request to a name that is not the app's own is refused (421), pages and API
 * routes alike. In production the deployment's proxy decides which names reach the app.
 */
export function assertDevelopmentHost(headers: HeaderReader): void {
  if (process.env.NODE_ENV !== "development" || isDevelopmentHost(headers.get("host"))) return;
  throw new AppError("MISDIRECTED_REQUEST", "The development server answers to app.localhost, localhost and loopback addresses only");
}

/**
 * No API route takes URL parameters: a session key, an activity ID or an entry in a query string
 * is refused, never read (spec 4.13: never authorize from a URL).
 */
export function assertNoQuery(request: Pick<ApiRequest, "url">): void {
  if (new URL(request.url).search !== "") {
    throw new AppError("BAD_USER_INPUT", "This route takes no URL parameters: what it acts on comes from your session");
  }
}

/**
 * The app's own origin is the host the request was sent to: a browser always sends the Host it
 * connects to, and a page on another site cannot change it. When the request's socket peer is a
 * trusted proxy (cameThroughTrustedProxy, lib/security/client-address.ts), which may rewrite Host,
 * X-Forwarded-Host (set by that proxy) names it instead. Only the host is compared: the scheme in
 * front of a TLS-terminating proxy is not the one the app sees.
 */
export function appHost(headers: HeaderReader, fromTrustedProxy: boolean): string | undefined {
  const forwarded = fromTrustedProxy ? headers.get("x-forwarded-host")?.split(",")[0]?.trim() : undefined;
  return (forwarded || headers.get("host") || undefined)?.toLowerCase();
}

/**
 * A state-changing request must come from the app's own page: `Sec-Fetch-Site: cross-site`, or
 * an `Origin` (the browser sends one with every POST) of another host, or the opaque `null`, is
 * refused. No Origin at all is a client that is not a browser page, which CSRF cannot drive.
 */
export function assertSameOrigin(headers: HeaderReader, fromTrustedProxy: boolean): void {
  if (headers.get("sec-fetch-site") === "cross-site") throw new AppError("FORBIDDEN", CROSS_SITE);
  const origin = headers.get("origin");
  if (origin === null) return;
  const host = appHost(headers, fromTrustedProxy);
  const originHost = URL.canParse(origin) ? new URL(origin).host.toLowerCase() : undefined;
  if (!host || originHost !== host) throw new AppError("FORBIDDEN", CROSS_SITE);
}

/** Whether the headers announce a body: a Content-Length above zero, or any Transfer-Encoding. */
export function announcesBody(headers: HeaderReader): boolean {
  return Number(headers.get("content-length") ?? 0) > 0 || headers.has("transfer-encoding");
}

/**
 * The size and type a body announces, before a byte of it is read: over the limit by its
 * Content-Length is 413 at once; a body is JSON only (415); a route that takes none refuses any
 * (its limit is 0), and one whose body is optional takes an absent one without a type. A chunked
 * body is counted while it is read.
 */
export function assertBodyHeaders(headers: HeaderReader, rule: { body: "none" | "optional" | "required"; limitBytes: number }): void {
  const length = headers.get("content-length");
  const declared = length === null ? undefined : Number(length);
  if (declared !== undefined && (!Number.isSafeInteger(declared) || declared < 0)) {
    throw new AppError("BAD_USER_INPUT", "The Content-Length header is not a length");
  }
  const hasBody = announcesBody(headers);
  if (rule.body === "none") {
    if (hasBody) throw new AppError("PAYLOAD_TOO_LARGE", "This route takes no request body");
    return;
  }
  if (declared !== undefined && declared > rule.limitBytes) throw new AppError("PAYLOAD_TOO_LARGE", BODY_TOO_LARGE);
  if (rule.body === "optional" && !hasBody) return;
  const type = headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (type !== "application/json") throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the request body as application/json");
}
