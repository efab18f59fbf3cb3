import "server-only";
import { z } from "zod";
import { rateLimitKey } from "@/lib/security/address-networks";
import { cameThroughTrustedProxy, readClientAddress } from "@/lib/security/client-address";
import { DEFAULT_BODY_LIMIT_BYTES, type RateLimitName } from "@/lib/shared/app-limits";
import { getRateLimits } from "@/lib/security/rate-limit";
import type { ApiRequest } from "@/lib/http/api-request";
import { handleRoute, type AnswerHandler } from "@/lib/http/handle-route";
import { announcesBody, assertBodyHeaders, assertDevelopmentHost, assertNoQuery, assertSameOrigin, methodNotAllowed } from "@/lib/http/input-rules";
import { parseBody, readLimitedText } from "@/lib/http/read-body";
import { toWebResponse, type ApiAnswer } from "@/lib/http/respond";
import { LAUNCH_HEADER, launchIdSchema } from "@/lib/wire/auth-routes";

/*
 * One place for the input rules of the app's API. A route declares, per method, its body schema
 * (or none), a smaller body limit if it wants one, and its rate limits; defineRoute() answers
 * every HTTP method Next routes (so none gets Next's own empty 405) and, before the body or the
 * session is read, refuses in the spec's Error shape with no-store:
 *   421           in development, a Host that is not the app's own name (DNS rebinding)
 *   405 + Allow   a method the route does not declare
 *   400           a query string (no route takes one: spec 4.13, never authorize from a URL)
 *   403           a POST from another site (Sec-Fetch-Site: cross-site, or a foreign Origin)
 *   413 / 415     a body over the limit by its Content-Length / not application/json
 *   429           over a declared rate limit
 *   413 / 408     a streamed body past the limit / one that stops arriving
 *   400           a body off its schema; a POST that declares none takes nothing, or `{}`
 * GET routes change nothing, so only POST is checked for its origin.
 */

/**
 * The one rule for a POST without input (attach, accept, commit, heartbeat, release, entry,
 * invite, logout): no body, or the empty JSON object a client may send for "nothing". Anything
 * else is refused, so a browser that names a grant or an activity learns it is not read.
 */
const NO_INPUT = z.strictObject({});
const NO_INPUT_LIMIT_BYTES = 64;

type Handler = (request: ApiRequest) => Promise<Response>;

export type MethodRule<S extends z.ZodType | undefined> = {
  /** The JSON body's schema; without one a GET takes no body, and a POST none or `{}` (NO_INPUT). */
  body?: S;
  /** Below DEFAULT_BODY_LIMIT_BYTES only. */
  maxBodyBytes?: number;
  /** Counted per client address and per launch (X-Campus-Launch) before the body is read. */
  rateLimit?: { byAddress?: RateLimitName; byLaunch?: RateLimitName };
  handle: (request: ApiRequest, input: S extends z.ZodType ? z.infer<S> : undefined) => Promise<ApiAnswer>;
};

/** Every method Next's route handlers can export (Next answers any other itself). */
export const ROUTED_METHODS = ["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"] as const;
type RoutedMethod = (typeof ROUTED_METHODS)[number];

type Rules<G extends z.ZodType | undefined, P extends z.ZodType | undefined> = { GET?: MethodRule<G>; POST?: MethodRule<P> };

/**
 * One handler for every method of a route, answering a web Response (App Router, tests); its
 * `answer`, the same answer before it is a Response (nodeRoute writes it to Node's response); and
 * the methods it declares (its Allow header).
 */
export type RouteHandler = Handler & { readonly answer: AnswerHandler; readonly allow: readonly RoutedMethod[] };

/** The exports of an App Router route file (app/api/**\/route.ts): every routed method, one handler. */
export function defineRoute<G extends z.ZodType | undefined = undefined, P extends z.ZodType | undefined = undefined>(
  rules: Rules<G, P>,
): Record<RoutedMethod, Handler> {
  const handler: Handler = routeHandler(rules);
  return { GET: handler, HEAD: handler, OPTIONS: handler, POST: handler, PUT: handler, PATCH: handler, DELETE: handler };
}

/**
 * The route's rules as one handler that reads the request's method: a declared method runs its
 * rule, any other is 405 with Allow. defineRoute exports it per method for the App Router;
 * nodeRoute serves it from the Pages router (lib/http/node-route.ts).
 */
export function routeHandler<G extends z.ZodType | undefined = undefined, P extends z.ZodType | undefined = undefined>(rules: Rules<G, P>): RouteHandler {
  const allow = ROUTED_METHODS.filter((method) => Object.hasOwn(rules, method));
  const declared = rules as Partial<Record<string, MethodRule<z.ZodType | undefined>>>;
  const answer = handleRoute(async (request) => {
    assertDevelopmentHost(request.headers);
    const rule = Object.hasOwn(declared, request.method) ? declared[request.method] : undefined;
    if (!rule) throw methodNotAllowed(allow);
    return runRule(request.method, rule, request);
  });
  const handler: Handler = async (request) => toWebResponse(await answer(request));
  return Object.assign(handler, { answer, allow });
}

async function runRule(method: string, rule: MethodRule<z.ZodType | undefined>, request: ApiRequest): Promise<ApiAnswer> {
  assertNoQuery(request);
  if (method !== "GET") assertSameOrigin(request.headers, cameThroughTrustedProxy(request.headers));
  const body = rule.body ? "required" : method === "GET" ? "none" : "optional";
  const limitBytes = rule.body ? Math.min(rule.maxBodyBytes ?? DEFAULT_BODY_LIMIT_BYTES, DEFAULT_BODY_LIMIT_BYTES) : body === "optional" ? NO_INPUT_LIMIT_BYTES : 0;
  assertBodyHeaders(request.headers, { body, limitBytes });
  if (rule.rateLimit) await consumeRateLimits(request, rule.rateLimit);
  // A route that takes no body reads one whenever the headers announce it, and refuses a streamed
  // byte as it refuses a declared one. Without Content-Length or Transfer-Encoding an HTTP/1.1
  // request has no body (RFC 9112, 6.3), so a heartbeat's POST skips the stream reader altogether.
  const text = body === "required" || announcesBody(request.headers) ? await readLimitedText(request, limitBytes) : "";
  if (body === "optional" && text !== "") parseBody(text, NO_INPUT);
  const input = rule.body ? parseBody(text, rule.body) : undefined;
  return rule.handle(request, input);
}

async function consumeRateLimits(request: ApiRequest, limits: NonNullable<MethodRule<undefined>["rateLimit"]>) {
  const rateLimits = getRateLimits();
  if (limits.byAddress) await rateLimits.consume(limits.byAddress, rateLimitKey(readClientAddress(request.headers)));
  const launch = launchIdSchema.safeParse(request.headers.get(LAUNCH_HEADER));
  // Without a valid launch header the route refuses the request anyway (readSessionCredentials).
  if (limits.byLaunch && launch.success) await rateLimits.consume(limits.byLaunch, launch.data);
}
