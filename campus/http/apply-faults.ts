import { createMiddleware } from "hono/factory";
import { setTimeout as sleep } from "node:timers/promises";
import type { CampusContext } from "./context";
import { restError } from "../core/errors";
import type { CampusEnv } from "./hono-env";
import type { RestEndpoint } from "../core/rest-endpoints";
import { ResponseDroppedError } from "./drop-response";

/**
 * Fault injection (control API), applied before the handler of one named REST endpoint:
 * 503, 429 with Retry-After, a delay before normal handling, or a handled call whose answer is dropped.
 */
export function applyFaults(context: CampusContext, endpoint: RestEndpoint) {
  return createMiddleware<CampusEnv>(async (c, next) => {
    const fault = context.state.faults.takeFault(endpoint);
    if (!fault) return next();
    c.set("faultKind", fault.kind);
    switch (fault.kind) {
      case "unavailable":
        throw restError("INTERNAL_SERVER_ERROR", "The app services are temporarily unavailable (injected fault)");
      case "rateLimited":
        throw restError("RATE_LIMITED", "Too many requests (injected fault)", {
          "Retry-After": String(fault.retryAfterSeconds),
        });
      case "delay":
        await sleep(fault.delayMs);
        return next();
      case "drop":
        await next();
        throw new ResponseDroppedError(endpoint);
    }
  });
}
