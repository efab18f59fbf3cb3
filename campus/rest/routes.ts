import { Hono } from "hono";
import type { CampusContext } from "../http/context";
import type { CampusEnv } from "../http/hono-env";
import { createCallRoutes } from "./calls/call-routes";
import { logRestCalls } from "../http/log-rest-calls";
import { createTokenRoute } from "./token-route";
import { createUserinfoRoute } from "./userinfo-route";

/** The REST API of spec part 4 under /v1/apps. Unknown /v1 paths fall through to notFound (app.ts). */
export function createRestRoutes(context: CampusContext) {
  return new Hono<CampusEnv>()
    .use("/v1/*", logRestCalls(context))
    .route("/", createTokenRoute(context))
    .route("/", createUserinfoRoute(context))
    .route("/", createCallRoutes(context));
}
