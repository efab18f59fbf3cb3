import "server-only";
import type { z } from "zod";
import type { ApiRequest } from "@/lib/http/api-request";
import { ROUTED_METHODS, routeHandler, type MethodRule, type RouteHandler } from "@/lib/http/define-route";
import { jsonNoStore, type ApiAnswer } from "@/lib/http/respond";
import { readClientAddress } from "@/lib/security/client-address";
import { clearSessionCookie, setSessionCookie } from "@/lib/session/cookie";
import { readSessionCredentials, type SessionCredentials } from "@/lib/session/session-credentials";
import type { ApiMethod, DeclaredRoute, Endpoint } from "@/lib/wire/declare-route";
import { getServerDeps, type ServerDeps } from "./deps";

/*
 * Serves a route declared in lib/wire/*-routes.ts. The declaration's rules run first, in
 * defineRoute's order (lib/http/define-route.ts); then the wrapper reads what every handler needs,
 * the request's session credentials and the server's dependencies, and answers the handler's
 * result as JSON with no-store. A route file is its declaration and its one lib call:
 *
 *   export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = serveRoute(callStatusRoute, {
 *     GET: ({ credentials, deps }) => readCallStatus(credentials, deps),
 *   });
 *
 * Next reads a route file's methods from its named exports (an `export default` or a re-exported
 * object is not seen), hence the one destructuring line in each.
 */

/** Sets or clears this launch's session cookie on the answer (sign-in and sign-out). */
export type SessionCookie = { set(handle: string): void; clear(): void };

type Input<E extends Endpoint> = E["body"] extends z.ZodType ? z.infer<E["body"]> : undefined;

/**
 * What a handler gets: its parsed body, and (for every route but health) the session's credentials,
 * the server's dependencies and the client's address (lib/security/client-address.ts).
 */
export type RouteContext<R extends DeclaredRoute, E extends Endpoint> = R extends { launch: false }
  ? { input: Input<E> }
  : { input: Input<E>; credentials: SessionCredentials; deps: ServerDeps; sessionCookie: SessionCookie; clientAddress: string };

type DeclaredMethod<R extends DeclaredRoute> = Extract<keyof R, ApiMethod>;

/** One handler per declared method, answering the declared response. */
export type RouteHandlers<R extends DeclaredRoute> = {
  [M in DeclaredMethod<R>]: R[M] extends Endpoint ? (context: RouteContext<R, R[M]>) => Promise<z.infer<R[M]["response"]>> : never;
};

type AnyHandler = (context: Record<string, unknown>) => Promise<unknown>;

/** The route as one handler: its declared rules, then its handlers. */
function declaredHandler<R extends DeclaredRoute>(route: R, handlers: RouteHandlers<R>): RouteHandler {
  const rules: Partial<Record<ApiMethod, MethodRule<z.ZodType | undefined>>> = {};
  for (const method of ["GET", "POST"] as const) {
    const endpoint = route[method as keyof R] as Endpoint | undefined;
    if (!endpoint) continue;
    const handle = (handlers as unknown as Record<string, AnyHandler>)[method]!;
    const { body, maxBodyBytes, rateLimit } = endpoint;
    rules[method] = { body, maxBodyBytes, rateLimit, handle: route.launch === false ? answerWithoutSession(handle) : answer(handle) };
  }
  return routeHandler(rules);
}

function answerWithoutSession(handle: AnyHandler) {
  return async (_request: ApiRequest, input: unknown) => jsonNoStore(await handle({ input }));
}

function answer(handle: AnyHandler) {
  return async (request: ApiRequest, input: unknown) => {
    const credentials = readSessionCredentials(request);
    const cookie: { handle?: string; clear?: true } = {};
    const sessionCookie: SessionCookie = { set: (handle) => void (cookie.handle = handle), clear: () => void (cookie.clear = true) };
    const result = await handle({ input, credentials, deps: getServerDeps(), sessionCookie, clientAddress: readClientAddress(request.headers) });
    const answer: ApiAnswer = jsonNoStore(result);
    const cookies = [
      ...(cookie.handle === undefined ? [] : setSessionCookie(credentials, cookie.handle)),
      ...(cookie.clear ? clearSessionCookie(credentials.launchId) : []),
    ];
    return cookies.length > 0 ? { ...answer, cookies } : answer;
  };
}

/** The exports of an App Router route file (app/api/**\/route.ts): every routed method, one handler. */
export function serveRoute<R extends DeclaredRoute>(route: R, handlers: RouteHandlers<R>) {
  const handler = declaredHandler(route, handlers);
  return Object.fromEntries(ROUTED_METHODS.map((method) => [method, handler])) as Record<(typeof ROUTED_METHODS)[number], RouteHandler>;
}

/**
 * The same route as one web handler that reads the request's method, for a Pages API route
 * (pages/api/**, served with nodeRoute from lib/http/node-route.ts: the heartbeat) and for tests
 * that call a route in process.
 */
export function declaredRouteHandler<R extends DeclaredRoute>(route: R, handlers: RouteHandlers<R>): RouteHandler {
  return declaredHandler(route, handlers);
}
