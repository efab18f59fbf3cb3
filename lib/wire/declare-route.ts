import type { z } from "zod";
import type { RateLimitName } from "@/lib/shared/app-limits";

/*
 * Each route of the app's own API is declared once, here in lib/wire/*-routes.ts: its path, and
 * per method its request and response schema and its rules. The server serves the declaration
 * (serveRoute, lib/server/serve-route.ts), the page fetches it (fetchRoute,
 * lib/client/fetch/fetch-route.ts) and keys its SWR cache by it (routeKey). No server imports:
 * the page imports the same declarations.
 */

export type ApiPath = `/api/${string}`;
export const API_METHODS = ["GET", "POST"] as const;
export type ApiMethod = (typeof API_METHODS)[number];

/** One method of a route: what it takes, what it answers, and the rules checked before the body is read. */
export type MethodDeclaration = {
  /** The JSON body's schema. Without one a GET takes no body, and a POST none or `{}`. */
  body?: z.ZodType;
  /** What a success answers (200). */
  response: z.ZodType;
  /** Below DEFAULT_BODY_LIMIT_BYTES only. */
  maxBodyBytes?: number;
  /** Counted per client address and per launch (X-Campus-Launch) before the body is read. */
  rateLimit?: { byAddress?: RateLimitName; byLaunch?: RateLimitName };
};

type RouteInput = {
  path: ApiPath;
  /** `false` for the one route that needs no X-Campus-Launch (health): its handler gets no session. */
  launch?: false;
  GET?: MethodDeclaration;
  POST?: MethodDeclaration;
};

/** A method of a declared route, with the path and method the page sends it to. */
export type Endpoint<D extends MethodDeclaration = MethodDeclaration> = D & { readonly method: ApiMethod; readonly path: ApiPath };

export type DeclaredRoute<I extends RouteInput = RouteInput> = {
  readonly [K in keyof I]: K extends ApiMethod ? Endpoint<NonNullable<I[K]> & MethodDeclaration> : I[K];
};

/** The JSON body an endpoint takes (undefined: none). */
export type EndpointBody<E extends Endpoint> = E["body"] extends z.ZodType ? z.input<E["body"]> : undefined;
/** The body it answers, as parsed. */
export type EndpointResponse<E extends Endpoint> = z.infer<E["response"]>;

export function declareRoute<const I extends RouteInput>(input: I): DeclaredRoute<I> {
  const route: Record<string, unknown> = { ...input };
  for (const method of API_METHODS) {
    const rules = input[method];
    if (rules) route[method] = { ...rules, method, path: input.path };
  }
  return route as DeclaredRoute<I>;
}

/** The SWR key of a read: its path and the launch, so each launch of the page caches its own. */
export function routeKey(endpoint: Endpoint, launchId: string): readonly [ApiPath, string] {
  return [endpoint.path, launchId];
}
