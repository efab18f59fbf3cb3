import { createMiddleware } from "hono/factory";
import { CampusError } from "../core/errors";
import { isJsonContentType } from "../core/json-content-type";
import { announcesBody } from "../core/request-input";
import type { CampusEnv } from "./hono-env";

/** A refused body is never read, so the connection cannot be reused (policy.ts). */
const CLOSE = { Connection: "close" };
const READ_METHODS = new Set(["GET", "HEAD"]);
const TRUSTED_FETCH_SITES = new Set(["same-origin", "none"]);

const isRestPath = (path: string) => path === "/v1" || path.startsWith("/v1/");

/**
 * policy.ts: a request that changes state on the campus's own routes (the page's host endpoints,
 * tile reports, the control API) comes from a test or script (no Origin) or from the campus's own
 * page, and carries JSON. A page of another site can send a cross-site `text/plain` or form POST
 * without a preflight, and its browser always adds `Origin` to it (`null` from a sandbox or a
 * redirect): both rules refuse it before the body is read or a route runs, so it changes nothing.
 * The REST API (spec part 4) is server to server, with its own credentials and its own error
 * rules, and is left as the spec says.
 */
export function guardBrowserWrites(campusOrigin: string) {
  return createMiddleware<CampusEnv>(async (c, next) => {
    if (READ_METHODS.has(c.req.method) || isRestPath(c.req.path)) return next();
    const origin = c.req.header("Origin");
    const fetchSite = c.req.header("Sec-Fetch-Site");
    if ((origin !== undefined && origin !== campusOrigin) || (fetchSite !== undefined && !TRUSTED_FETCH_SITES.has(fetchSite))) {
      throw new CampusError("FORBIDDEN", 403, "The campus takes no requests that change state from other sites", CLOSE);
    }
    // RFC 9112 6.3: a DELETE whose headers announce no body has none, so it has no content type.
    const bodiless = c.req.method === "DELETE" && !announcesBody(c);
    if (!bodiless && !isJsonContentType(c.req.header("Content-Type"))) {
      throw new CampusError("BAD_USER_INPUT", 415, "A request that changes state takes only application/json", CLOSE);
    }
    await next();
  });
}
