import type { MiddlewareHandler } from "hono";
import type { CampusContext } from "../http/context";
import type { CampusEnv } from "../http/hono-env";
import { settlePresentations } from "./restoration";

/**
 * policy.ts: a request that can change any presentation's outcome (the control API's calls,
 * grants, tabs, consents and clock; a registration save) settles every open presentation before
 * it, so that it meets them as they stand, and after it, so that what it changed is dated by it.
 */
export function settleAllAround(context: CampusContext): MiddlewareHandler<CampusEnv> {
  return async (_c, next) => {
    settlePresentations(context.state, context.clock);
    await next();
    settlePresentations(context.state, context.clock);
  };
}
