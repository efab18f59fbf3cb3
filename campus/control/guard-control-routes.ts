import { createMiddleware } from "hono/factory";
import { CampusError } from "../core/errors";
import type { CampusEnv } from "../http/hono-env";
import { isJsonContentType } from "../core/json-content-type";

/** A refused body is never read, so the connection cannot be reused (policy.ts). */
const CLOSE = { Connection: "close" };
const READ_METHODS = new Set(["GET", "HEAD"]);
const TRUSTED_FETCH_SITES = new Set(["same-origin", "none"]);

/**
 * policy.ts: a control request that changes state comes from a test or script (no Origin) or
 * from the campus's own page, and carries JSON. A page of another site can send a cross-site
 * `text/plain` or form POST without a preflight, and its browser always adds `Origin` to it:
 * both rules refuse it before the route runs, so it changes nothing.
 */
export function guardControlRoutes(campusOrigin: string) {
  return createMiddleware<CampusEnv>(async (c, next) => {
    if (READ_METHODS.has(c.req.method)) return next();
    const origin = c.req.header("Origin");
    const fetchSite = c.req.header("Sec-Fetch-Site");
    if ((origin !== undefined && origin !== campusOrigin) || (fetchSite !== undefined && !TRUSTED_FETCH_SITES.has(fetchSite))) {
      throw new CampusError("FORBIDDEN", 403, "The control API takes no requests from other sites", CLOSE);
    }
    if (!isJsonContentType(c.req.header("Content-Type"))) {
      throw new CampusError("BAD_USER_INPUT", 415, "The control API takes only application/json", CLOSE);
    }
    await next();
  });
}
