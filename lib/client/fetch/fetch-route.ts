import type { Endpoint, EndpointBody, EndpointResponse } from "@/lib/wire/declare-route";
import { fetchApi, type LaunchCredentials } from "./fetcher";

type Options = {
  /** Lets the request outlive the page (a release on `pagehide`); sendBeacon cannot send the launch header. */
  keepalive?: boolean;
};

/** A declared body is required; a route without one takes nothing, or the empty object a client may send for "nothing". */
type RequestArgs<E extends Endpoint> =
  EndpointBody<E> extends undefined ? [request?: Options & { body?: Record<string, never> }] : [request: Options & { body: EndpointBody<E> }];

/**
 * Calls one method of a route declared in lib/wire/*-routes.ts: its path and method, its body
 * typed by its request schema, its answer validated by its response schema.
 */
export function fetchRoute<E extends Endpoint>(endpoint: E, launch: LaunchCredentials, ...[request]: RequestArgs<E>): Promise<EndpointResponse<E>> {
  return fetchApi<E["response"]>(endpoint.path, {
    launch,
    method: endpoint.method,
    body: request?.body,
    schema: endpoint.response,
    ...(request?.keepalive !== undefined ? { keepalive: request.keepalive } : {}),
  });
}
