import type { Context } from "hono";
import type { z } from "zod";
import { describeIssues, restError } from "./errors";
import { isJsonContentType } from "./json-content-type";

/** policy.ts: call GET endpoints take no query parameters ("no selectors"). */
export function rejectQuery(c: Context): void {
  if (new URL(c.req.url).search !== "") throw restError("BAD_USER_INPUT", "This endpoint takes no query parameters");
}

/**
 * Whether the headers announce a body: a Content-Length above zero, or any Transfer-Encoding.
 * Without either an HTTP/1.1 request has none (RFC 9112, 6.3), so it is not read at all: reading
 * it would build a full web Request for every heartbeat, where the server's own is lighter.
 */
export function announcesBody(c: Context): boolean {
  return Number(c.req.header("Content-Length") ?? 0) > 0 || c.req.header("Transfer-Encoding") !== undefined;
}

/** policy.ts: attach takes no body; anything non-empty, `{}` included, is 400. */
export async function rejectBody(c: Context): Promise<void> {
  if (announcesBody(c) && (await c.req.text()) !== "") throw restError("BAD_USER_INPUT", "This endpoint takes no request body");
}

/** A JSON body checked against a schema chosen at request time (the grant command kind). */
export async function readJsonBody<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  // Part 7 and policy.ts: a body of another type is an invalid body (400), not a 415.
  if (!isJsonContentType(c.req.header("Content-Type"))) throw restError("BAD_USER_INPUT", "The request body must be application/json");
  let json: unknown;
  try {
    json = JSON.parse(await c.req.text());
  } catch {
    throw restError("BAD_USER_INPUT", "The request body must be JSON");
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw restError("BAD_USER_INPUT", `Invalid request body: ${describeIssues(parsed.error)}`);
  return parsed.data;
}
