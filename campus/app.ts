import { Hono } from "hono";
import { createActivityApiRoutes } from "./activities/activity-api-routes";
import { settleActivityEntries } from "./activities/activity-entry";
import { createCallApiRoutes } from "./calls/call-api-routes";
import { settleCalls } from "./calls/participation";
import { createCommandApiRoutes } from "./commands/command-api-routes";
import { DEFAULT_CAMPUS_ORIGIN, parseRegistration, readRegistrationFile } from "./config";
import { createControlActivityRoutes } from "./control/activity-control-routes";
import { createControlCallRoutes } from "./control/call-control-routes";
import { createCampusControlRoutes } from "./control/campus-control-routes";
import { createControlPresentationRoutes } from "./control/presentation-control-routes";
import type { Clock } from "./core/clock";
import { createClock } from "./core/clock";
import { CACHE_CONTROL, DEFAULT_LISTEN_HOSTS } from "./core/policy";
import { createActivityInvitationRoutes } from "./host/activity-invitation-routes";
import { createCallPanelRoutes } from "./host/call-panel-routes";
import { createLaunchRoutes } from "./host/launch-routes";
import { createPageRoutes } from "./host/page-routes";
import { createPanelRoutes } from "./host/panel-routes";
import { createReplyFaultRoutes } from "./host/reply-fault-routes";
import { settleAroundMember } from "./host/settle-member-around";
import { createSimulatorRoutes } from "./host/simulator-routes";
import type { CampusListen } from "./http/answer-own-hosts";
import { answerOwnHostsOnly, listOwnHosts } from "./http/answer-own-hosts";
import type { CampusContext } from "./http/context";
import { ResponseDroppedError } from "./http/drop-response";
import { guardBrowserWrites } from "./http/guard-browser-writes";
import type { CampusEnv } from "./http/hono-env";
import { limitRequestBody } from "./http/limit-request-body";
import { logRestCalls } from "./http/log-rest-calls";
import { respondNotFound, respondWithError } from "./http/respond-error";
import { createLoginApiRoutes } from "./login/login-api-routes";
import { createPresentationApiRoutes } from "./presentations/presentation-api-routes";
import { settleCallPresentations } from "./presentations/restoration";
import { createTileRoutes } from "./presentations/tile-routes";
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
  /** Where the server listens, for the names it answers to. Defaults to loopback on the origin's port. */
  listen?: CampusListen;
};

export type Campus = { app: Hono<CampusEnv>; context: CampusContext };

function defaultPort(origin: string): number {
  const url = new URL(origin);
  return Number(url.port || (url.protocol === "https:" ? 443 : 80));
}

/** Builds a campus with fresh state, so that each test gets an isolated instance. */
export function createCampus(options: CampusOptions): Campus {
  const origin = new URL(options.origin ?? DEFAULT_CAMPUS_ORIGIN).origin;
  const clock = options.clock ?? createClock();
  const listen = options.listen ?? { port: defaultPort(origin), hosts: DEFAULT_LISTEN_HOSTS };
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
    // policy.ts: DNS rebinding; another name is refused before any route, page or asset.
    .use("*", answerOwnHostsOnly(listOwnHosts(origin, listen)))
    // policy.ts: no other site changes state (host, tiles, control), checked before the body is
    // read; the body limit before any route.
    .use("*", guardBrowserWrites(origin))
    .use("*", limitRequestBody())
    .use("*", async (_c, next) => {
      // policy.ts: simulated members that left are removed after a while on the campus clock, and
      // activity entry leases (spec 3) are evaluated against it, before every request. Presentation
      // timers are evaluated where a request reads or changes them: a REST call its grant's
      // (presentations/presentation-api-routes.ts), a host request its member's and their call's
      // (host/settle-member-around.ts), a control request that can change any, all of them.
      // Expired launches, codes, tokens and rate windows leave memory here too (state/prune-expired.ts).
      for (const callId of settleCalls(context.state, context.clock)) settleCallPresentations(context.state, context.clock, callId);
      settleActivityEntries(context.state, context.clock);
      pruneExpired(context.state);
      await next();
    })
    // The REST API of spec part 4, one group per spec part; every call is logged (host/log).
    .use("/v1/*", logRestCalls(context))
    .route("/v1/apps", createLoginApiRoutes(context))
    .route("/v1/apps/calls", createCallApiRoutes(context))
    .route("/v1/apps/calls", createCommandApiRoutes(context))
    .route("/v1/apps/calls", createPresentationApiRoutes(context))
    .route("/v1/apps/calls", createActivityApiRoutes(context))
    .route("/tiles", createTileRoutes(context))
    // The campus page and its own endpoints (not part of the spec API).
    .route("/", createPageRoutes(context))
    .use("/host/*", settleAroundMember(context))
    .route("/host", createPanelRoutes(context))
    .route("/host/launches", createLaunchRoutes(context))
    .route("/host/reply-faults", createReplyFaultRoutes(context))
    .route("/host/call", createCallPanelRoutes(context))
    .route("/host/call/simulator", createSimulatorRoutes(context))
    .route("/host/activity-invitations", createActivityInvitationRoutes(context))
    // The control API, for tests and demos.
    .get("/health", (c) => c.json({ ok: true }))
    .route("/control", createCampusControlRoutes(context))
    .route("/control", createControlCallRoutes(context))
    .route("/control", createControlPresentationRoutes(context))
    .route("/control", createControlActivityRoutes(context));

  app.notFound(respondNotFound);
  app.onError((error, c) => {
    // A dropped answer must not become an error response: let it reach the server adapter.
    if (error instanceof ResponseDroppedError) throw error;
    return respondWithError(c, error);
  });
  return { app, context };
}
