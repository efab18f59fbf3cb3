import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { toIsoTime } from "../core/clock";
import type { CampusContext } from "./context";
import type { CampusEnv } from "./hono-env";
import { ResponseDroppedError } from "./drop-response";
import { findRestSpecPart } from "./log-spec-parts";
import { redactForLog } from "./redact-for-log";

/**
 * The JSON body the handler read, from Hono's body cache (the validator keeps it as text). A body
 * no handler read is not read here: the size limits of the routes stay theirs.
 */
async function readParsedRequestBody(c: Context<CampusEnv>): Promise<unknown> {
  const { json, text, arrayBuffer } = c.req.bodyCache;
  try {
    if (json !== undefined) return await json;
    if (text !== undefined) return JSON.parse(await text);
    if (arrayBuffer !== undefined) return JSON.parse(new TextDecoder().decode(await arrayBuffer));
  } catch {
    // Not JSON: the route answered 400, and the log shows no body.
  }
  return undefined;
}

/**
 * The JSON the route answered: as the route gave it to `c.json` (every REST answer and error is
 * made there), or read back from a copy of the response for one made otherwise. Copying every
 * answer tee'd its stream and turned the server's light response into a full web Response: that
 * was most of the campus's cost of a heartbeat under load.
 */
function recordJsonBodies(c: Context<CampusEnv>): () => Promise<unknown> {
  let answered: { body: unknown; response: Response } | undefined;
  const json = c.json;
  c.json = ((body: unknown, ...rest: unknown[]) => {
    const response = (json as (...args: unknown[]) => Response)(body, ...rest);
    answered = { body, response };
    return response;
  }) as typeof c.json;
  return async () => {
    if (answered?.response === c.res) return answered.body;
    if (!c.res.headers.get("Content-Type")?.includes("json")) return undefined;
    return c.res.clone().json().catch(() => undefined);
  };
}

function readStringField(body: unknown, key: string): string | null {
  if (typeof body !== "object" || body === null || !(key in body)) return null;
  const value: unknown = (body as Record<string, unknown>)[key];
  return typeof value === "string" ? value : null;
}

function readErrorCode(status: number, body: unknown): string | null {
  if (status < 400 || typeof body !== "object" || body === null || !("error" in body)) return null;
  return readStringField(body.error, "code");
}

/** GET /v1/apps/calls/commands/{id} names its command in the path (spec 4.8). */
function readCommandIdFromPath(path: string): string | null {
  const match = /^\/v1\/apps\/calls\/commands\/([^/]+)$/.exec(path);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/**
 * Appends each answered (or handled and dropped) REST call to the log the campus page shows:
 * method, path, status, latency, the spec part, clientId and commandId, and redacted bodies.
 */
export function logRestCalls(context: CampusContext) {
  return createMiddleware<CampusEnv>(async (c, next) => {
    const startedAt = Date.now();
    const started = performance.now();
    const readResponseBody = recordJsonBodies(c);
    let dropped = false;
    try {
      await next();
    } catch (error) {
      dropped = error instanceof ResponseDroppedError;
      throw error;
    } finally {
      const latencyMs = Math.round(performance.now() - started);
      const fault = c.get("faultKind");
      const requestBody = await readParsedRequestBody(c);
      const responseBody = await readResponseBody();
      const spec = findRestSpecPart(c.req.method, c.req.path);
      context.state.requestLog.appendEntry({
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        code: readErrorCode(c.res.status, responseBody),
        username: c.get("memberUsername") ?? null,
        at: toIsoTime(context.clock.now()),
        startedAt,
        latencyMs,
        endpoint: spec?.endpoint ?? null,
        section: spec?.section ?? null,
        clientId: readStringField(requestBody, "clientId"),
        commandId: readStringField(responseBody, "commandId") ?? readCommandIdFromPath(c.req.path),
        requestBody: redactForLog(requestBody),
        responseBody: redactForLog(responseBody),
        fault: dropped ? "drop" : (fault ?? null),
      });
    }
  });
}
