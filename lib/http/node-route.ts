import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { parseCookie } from "next/dist/compiled/@edge-runtime/cookies";
import type { ApiRequest, CookieReader, HeaderReader } from "@/lib/http/api-request";
import type { RouteHandler } from "@/lib/http/define-route";
import { toErrorAnswer } from "@/lib/http/handle-route";
import { announcesBody } from "@/lib/http/input-rules";
import type { ApiAnswer } from "@/lib/http/respond";

/*
 * A route served from the Pages router (pages/api/**): the presentation heartbeat, which every
 * presenting visitor calls every five seconds. An App Router handler gets a web Request tied to an
 * abort signal, and Node frees such ties only in a full garbage collection, so under a steady
 * stream of requests they are undone all at once, in a pause every visitor waits through. A Pages
 * route gets Node's own request and response: this reads the request as the rules read any
 * (ApiRequest: no signal, as a heartbeat is one short campus call with its own deadline, and no
 * web Request or Headers to build on every beat), runs the route's same rules
 * (routeHandler: input checks, errors, no-store) and writes their answer straight to Node's
 * response (ApiAnswer, lib/http/respond.ts: no web Response either). The page file also
 * says `export const config = { api: { bodyParser: false } }`, so the body reaches the rules unread.
 */

export function nodeRoute(handler: RouteHandler) {
  return async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    writeAnswer(await answer(handler, req), res);
  };
}

// Any method the route does not declare (TRACE and PROPFIND as much as GET) is the rules' 405 with Allow.
async function answer(handler: RouteHandler, req: IncomingMessage): Promise<ApiAnswer> {
  try {
    return await handler.answer(toApiRequest(req));
  } catch (error) {
    return toErrorAnswer(error);
  }
}

/**
 * The request as the rules read it, straight from Node's parsed headers, as Next reads them for an
 * App Router route: names in lower case, a repeated Cookie line joined with "; ", a repeated Host
 * dropped. Cookies are parsed as a NextRequest parses them, on first use.
 */
function toApiRequest(req: IncomingMessage): ApiRequest {
  const method = req.method!;
  const headers: HeaderReader = {
    get: (name) => {
      const value = req.headers[name.toLowerCase()];
      return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
    },
    has: (name) => req.headers[name.toLowerCase()] !== undefined,
  };
  let parsed: Map<string, string> | undefined;
  const jar = () => (parsed ??= parseCookie(req.headers.cookie ?? ""));
  const cookies: CookieReader = {
    get: (name) => {
      const value = jar().get(name);
      return value === undefined ? undefined : { value };
    },
    getAll: () => [...jar()].map(([name, value]) => ({ name, value })),
  };
  // Only the path and query are read from the URL (the app's own host comes from the headers).
  const url = new URL(req.url ?? "/", "http://app.invalid").href;
  const body = method !== "GET" && method !== "HEAD" && announcesBody(headers) ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : null;
  return { method, url, headers, cookies, body };
}

/** The answer as toWebResponse would send it: its status and headers, JSON with its length, and every cookie. */
function writeAnswer(answer: ApiAnswer, res: ServerResponse): void {
  const body = JSON.stringify(answer.body);
  res.statusCode = answer.status;
  for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
  if (answer.cookies?.length) res.setHeader("Set-Cookie", answer.cookies);
  res.setHeader("Content-Type", "application/json");
  res.setHeader("Content-Length", Buffer.byteLength(body));
  res.end(body);
}
