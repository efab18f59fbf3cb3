import type { MiddlewareHandler } from "hono";
import type { CampusContext } from "../http/context";
import type { CampusEnv } from "../http/hono-env";
import { settleMemberPresentations } from "../presentations/restoration";
import { resolveMember } from "./member-cookie";

/**
 * policy.ts: a host request settles what its member can read or change, before it and after it:
 * the member's own presentations and those of the call they were or are in. Never all of them: the
 * campus page's requests would then each cost every presentation on the campus.
 */
export function settleAroundMember(context: CampusContext): MiddlewareHandler<CampusEnv> {
  return async (c, next) => {
    const { userId } = resolveMember(c, context.state);
    const callBefore = settleMemberPresentations(context.state, context.clock, userId);
    await next();
    settleMemberPresentations(context.state, context.clock, userId, callBefore);
  };
}
