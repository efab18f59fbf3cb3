import { Hono } from "hono";
import type { CampusContext } from "../../http/context";
import type { CampusEnv } from "../../http/hono-env";
import { createActivityRoutes } from "./activity-routes";
import { createCommandReadRoute } from "./command-read-route";
import { createGrantRoutes } from "./grant-routes";
import { createPresentationRoutes } from "./presentation-routes";
import { createStartAcceptRoutes } from "./start-accept-routes";
import { createStatusAttachRoutes } from "./status-attach-routes";

/** The call endpoints of spec 4 under /v1/apps/calls, activities included. */
export function createCallRoutes(context: CampusContext) {
  return new Hono<CampusEnv>()
    .route("/", createStatusAttachRoutes(context))
    .route("/", createStartAcceptRoutes(context))
    .route("/", createGrantRoutes(context))
    .route("/", createCommandReadRoute(context))
    .route("/", createPresentationRoutes(context))
    .route("/", createActivityRoutes(context));
}
