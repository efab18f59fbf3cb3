import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { NextRequest } from "next/server";
import { ROUTED_METHODS, type RouteHandler } from "@/lib/http/define-route";
import { toErrorResponse } from "@/lib/http/handle-route";
import { announcesBody, methodNotAllowed } from "@/lib/http/input-rules";

/*
 * A route served from the Pages router (pages/api/**): the presentation heartbeat, which every
 * presenting visitor calls every five seconds. An App Router handler gets a web Request tied to an
 * abort signal, and Node frees such ties only in a full garbage collection, so under a steady
 * stream of requests they are undone all at once, in a pause every visitor waits through. A Pages
 * route gets Node's own request and response: this builds the web Request without a signal (a
 * heartbeat is one short campus call with its own deadline), runs the route's same rules
 * (routeHandler: input checks, errors, no-store) and writes the answer back. The page file also
 * says `export const config = { api: { bodyParser: false } }`, so the body reaches the rules unread.
 */

export function nodeRoute(handler: RouteHandler) {
  return async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const response = await answer(handler, req);
    await writeResponse(response, res);
  };
}

async function answer(handler: RouteHandler, req: IncomingMessage): Promise<Response> {
  // Node's fetch refuses to build a Request for CONNECT, TRACE and TRACK: every method outside the
  // routed ones is refused here, as defineRoute refuses an undeclared one.
  if (!(ROUTED_METHODS as readonly string[]).includes(req.method ?? "")) {
    return methodNotAllowed(handler.allow).toResponse();
  }
  try {
    return await handler(toNextRequest(req));
  } catch (error) {
    return toErrorResponse(error);
  }
}

/** The web Request of Node's request: its method, path and query, headers and (when announced) body stream. */
function toNextRequest(req: IncomingMessage): NextRequest {
  // Node's parsed headers, as Next reads them for an App Router route: a repeated Cookie line is
  // joined with "; ", a repeated Host is dropped.
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else for (const item of value ?? []) headers.append(name, item);
  }
  const method = req.method!;
  // Only the path and query are read from the URL (the app's own host comes from the headers).
  const url = new URL(req.url ?? "/", "http://app.invalid");
  const body = method !== "GET" && method !== "HEAD" && announcesBody(headers) ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined;
  return new NextRequest(url, { method, headers, ...(body ? { body, duplex: "half" } : {}) });
}

async function writeResponse(response: Response, res: ServerResponse): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  res.statusCode = response.status;
  for (const [name, value] of response.headers) if (name !== "set-cookie") res.setHeader(name, value);
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("Set-Cookie", cookies);
  res.setHeader("Content-Length", body.byteLength);
  res.end(body);
}
