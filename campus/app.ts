import { Hono } from "hono";
import type { Clock } from "./core/clock";
import { createClock } from "./core/clock";
import { DEFAULT_CAMPUS_ORIGIN, parseRegistration, readRegistrationFile } from "./config";
import type { CampusContext } from "./http/context";
import { settleActivityEntries } from "./activities/activity-entry";
import { settleCalls } from "./calls/participation";
import { createControlActivityRoutes } from "./control/activity-routes";
import { createControlCallRoutes } from "./control/call-routes";
import { createControlPresentationRoutes } from "./control/presentation-routes";
import { guardControlRoutes } from "./control/guard-control-routes";
import { createControlRoutes } from "./control/routes";
import type { CampusEnv } from "./http/hono-env";
import { limitRequestBody } from "./http/limit-request-body";
import { createActivityHostRoutes } from "./host/activity-routes";
import { createCallRoutes } from "./host/call-routes";
import { createLaunchRoutes } from "./host/launch-routes";
import { createPageRoutes } from "./host/page-routes";
import { createPanelRoutes } from "./host/panel-routes";
import { createPresentationHostRoutes } from "./host/presentation-routes";
import { createSimulatorRoutes } from "./host/simulator-routes";
import { CACHE_CONTROL } from "./core/policy";
import { respondNotFound, respondWithError } from "./http/respond-error";
import { settlePresentations } from "./presentations/restoration";
import { ResponseDroppedError } from "./http/drop-response";
import { createRestRoutes } from "./rest/routes";
import { createCampusState } from "./state/campus-state";
import { pruneExpired } from "./state/prune-expired";
import type { RegistrationInput } from "./state/registration";

export type CampusOptions = {
  /** The campus origin (page and REST API). Defaults to http://campus.localhost:4000. */
  origin?: string;
  /** The registration: a JSON file (re-read on reset) or an object. */
  registration: { file: string } | RegistrationInput;
  /** Defaults to real time; every expiry reads it. */
  clock?: Clock;
};

export type Campus = { app: Hono<CampusEnv>; context: CampusContext };

/** Builds a campus with fresh state, so that each test gets an isolated instance. */
export function createCampus(options: CampusOptions): Campus {
  const origin = new URL(options.origin ?? DEFAULT_CAMPUS_ORIGIN).origin;
  const clock = options.clock ?? createClock();
  const source = options.registration;
  const loadRegistration = () =>
    "file" in source ? readRegistrationFile(source.file, origin) : parseRegistration(source, origin, "the campus options");
  const buildState = () => createCampusState({ registration: loadRegistration(), campusOrigin: origin, clock });

  const context: CampusContext = {
    origin,
    clock,
    state: buildState(),
    reset() {
      const state = buildState();
      clock.reset();
      context.state = state;
    },
  };

  const app = new Hono<CampusEnv>()
    .use("*", async (c, next) => {
      await next();
      // Spec 4: every response, success or error; policy.ts: the page and control API too.
      c.res.headers.set("Cache-Control", CACHE_CONTROL);
    })
    // policy.ts: the control rules before the body is read, the body limit before any route.
    .use("/control/*", guardControlRoutes(origin))
    .use("*", limitRequestBody())
    .use("*", async (c, next) => {
      // policy.ts: simulated members that left are removed after a while on the campus clock,
      // and presentation timers and activity entry leases (spec 3) are evaluated against it, before
      // every request. A REST call settles only the presentations it reads (rest/calls/presentation-routes.ts):
      // heartbeats from many apps would otherwise each walk every presentation on the campus.
      // Expired launches, codes, tokens and rate windows leave memory here too (state/prune-expired.ts).
      settleCalls(context.state, context.clock);
      if (!c.req.path.startsWith("/v1/")) settlePresentations(context.state, context.clock);
      settleActivityEntries(context.state, context.clock);
      pruneExpired(context.state);
      await next();
    })
    .route("/", createRestRoutes(context))
    .route("/", createPageRoutes(context))
    .route("/", createLaunchRoutes(context))
    .route("/", createPanelRoutes(context))
    .route("/", createCallRoutes(context))
    .route("/", createSimulatorRoutes(context))
    .route("/", createPresentationHostRoutes(context))
    .route("/", createActivityHostRoutes(context))
    .route("/", createControlRoutes(context))
    .route("/", createControlCallRoutes(context))
    .route("/", createControlPresentationRoutes(context))
    .route("/", createControlActivityRoutes(context));

  app.notFound(respondNotFound);
  app.onError((error, c) => {
    // A dropped answer must not become an error response: let it reach the server adapter.
    if (error instanceof ResponseDroppedError) throw error;
    return respondWithError(c, error);
  });
  return { app, context };
}
