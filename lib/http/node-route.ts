import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { NextRequest } from "next/server";
import { ROUTED_METHODS, type RouteHandler } from "@/lib/http/define-route";
import { toErrorResponse } from "@/lib/http/handle-route";
import { announcesBody, methodNotAllowed } from "@/lib/http/input-rules";

/*
 * A route served from the Pages router (pages/api/**), for the one route every presenting visitor
 * calls every five seconds: the presentation heartbeat.
 *
 * An App Router route handler gets a web Request that Next ties to the response's abort signal.
 * Node's fetch ties a signal to a Request through a FinalizationRegistry, which only a full garbage
 * collection frees, so under a steady stream of requests the ties of every request since the last
 * full collection are undone together right after it: a pause of 100 ms and more at 600 requests a
 * second (docs/architecture.md, "Where a heartbeat's time goes"). A Pages API route gets Node's own
 * request and response; this builds the web Request itself, without a signal (the route reads no
 * signal: a heartbeat is one short campus call with its own deadline), runs the same rules
 * (routeHandler: the same input checks, errors and no-store as every other route) and writes the
 * answer back. The page file must also say `export const config = { api: { bodyParser: false } }`
 * (Next reads it from the file itself), so the body reaches the rules unread.
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
