import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { Scope } from "../../lib/contract";
import type { CampusContext } from "../http/context";
import type { CampusEnv } from "../http/hono-env";
import { readBearerMember } from "../login/read-member";
import type { CallAccess } from "./call-access";
import { requireCallAccess } from "./call-access";

/** The request values of a call endpoint: the campus's, and the access its checks granted. */
export type CallEnv = { Variables: CampusEnv["Variables"] & { callAccess: CallAccess | undefined } };

/**
 * Spec 4: the login, scope and launch checks every call endpoint repeats on each request, before
 * its input is read (check order: policy.ts). The member is recorded for the request log first.
 */
export function requireCallScope(context: CampusContext, scope: Scope) {
  return createMiddleware<CallEnv>(async (c, next) => {
    const { bearer, username } = readBearerMember(context.state, c.req.header("Authorization"));
    c.set("memberUsername", username);
    c.set("callAccess", requireCallAccess(context.state, context.clock, bearer, scope));
    await next();
  });
}

export function getCallAccess(c: Context<CallEnv>): CallAccess {
  const access = c.get("callAccess");
  if (!access) throw new Error("requireCallScope must run before this handler");
  return access;
}
