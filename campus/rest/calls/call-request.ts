import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { z } from "zod";
import type { Scope } from "../../../lib/contract";
import type { CallAccess } from "../../calls/call-access";
import { requireCallAccess } from "../../calls/call-access";
import type { CampusContext } from "../../http/context";
import { describeIssues, restError } from "../../core/errors";
import type { CampusEnv } from "../../http/hono-env";
import { isJsonContentType } from "../../core/json-content-type";
import { readBearerToken } from "../../login/read-member";

/**
 * Spec 4: the login, scope and launch checks every call endpoint repeats on each request, before
 * its input is read (check order: policy.ts). The member is recorded for the request log first.
 */
export function requireCallScope(context: CampusContext, scope: Scope) {
  return createMiddleware<CampusEnv>(async (c, next) => {
    const bearer = readBearerToken(c.req.header("Authorization"));
    const token = bearer === undefined ? undefined : context.state.tokens.findToken(bearer);
    c.set("memberUsername", token && context.state.members.findByUserId(token.userId)?.username);
    c.set("callAccess", requireCallAccess(context.state, context.clock, bearer, scope));
    await next();
  });
}

export function getCallAccess(c: Context<CampusEnv>): CallAccess {
  const access = c.get("callAccess");
  if (!access) throw new Error("requireCallScope must run before this handler");
  return access;
}

/** policy.ts: call GET endpoints take no query parameters ("no selectors"). */
export function rejectQuery(c: Context): void {
  if (new URL(c.req.url).search !== "") throw restError("BAD_USER_INPUT", "This endpoint takes no query parameters");
}

/** policy.ts: attach takes no body; anything non-empty, `{}` included, is 400. */
export async function rejectBody(c: Context): Promise<void> {
  if ((await c.req.text()) !== "") throw restError("BAD_USER_INPUT", "This endpoint takes no request body");
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
