/*
 * The project's layers, checked by `npm run lint` (docs/architecture.md draws them).
 *
 * A module may import its own layer and the layers listed before it, never one after it. Type
 * imports count too: a type imported "back up" is still a loop a reader must follow. Tests may
 * reach across layers (they build whole scenarios); nothing else may import test support. Within a
 * layer, the folders of lib/ still depend one way: .dependency-cruiser-folders.mjs, the second run
 * of `npm run lint:deps`.
 */

/** Server layers, lowest first. */
const SERVER_LAYERS = [
  // The campus platform's contract: spec schemas, shared with the local campus.
  ["contract", "^lib/contract/"],
  // Pure, client-safe building blocks: the error vocabulary, backoff, the app's own limits, the app's own API (its route declarations and wire schemas).
  ["shared", "^lib/(errors|backoff)\\.ts$|^lib/(shared|wire)/"],
  // Process plumbing: environment, logging, the Redis connection, security limits, the route wrapper and its input rules.
  ["infra", "^lib/(env|log)\\.ts$|^lib/(security|http|redis)/"],
  // Generic keyed stores with expiry (memory and Redis), versioned for compare-and-set: plumbing any feature keeps its records in.
  ["store", "^lib/store/"],
  // The only code that talks to the campus API.
  ["campus-api", "^lib/campus-api/"],
  ["session", "^lib/session/"],
  ["auth", "^lib/auth/"],
  ["calls", "^lib/calls/"],
  ["features", "^lib/(presentations|activity)/"],
  // The one wiring module (deps.ts: the stores and every feature's dependencies) and serveRoute, which
  // hands them to each route's handler. (The input rules beneath it, defineRoute, know no feature,
  // so they sit lower, in infra's lib/http/.)
  ["server", "^lib/server/"],
  // Route handlers (the heartbeat's in pages/api/), the server-rendered pages, and the proxy.
  ["routes", "^app/(api/|[^/]+\\.tsx?$)|^pages/api/|^(proxy|instrumentation)\\.ts$"],
];

const TEST_FILE = "\\.test\\.tsx?$";

const layerRules = SERVER_LAYERS.slice(0, -1).map(([name, path], index) => ({
  name: `layer-${name}`,
  comment: `${name} imports only itself and the layers below it (.dependency-cruiser.cjs).`,
  severity: "error",
  from: { path, pathNot: TEST_FILE },
  to: { path: SERVER_LAYERS.slice(index + 1).map(([, higher]) => `(${higher})`).join("|") },
}));

/*
 * Local campus layers, lowest first: one folder per spec part, in the order they build on each
 * other (campus/README.md maps each spec part to its folder). The entry points at the campus root
 * (app.ts, index.ts, server.ts, config.ts) wire them together and sit above them all.
 */
const CAMPUS_LAYERS = [
  // Clock, IDs, errors, policy (every choice the spec leaves open), JSON input, HTML escaping.
  ["campus-core", "^campus/core/"],
  // The campus's records: members, launches, tokens, calls, grants, commands, presentations, activities.
  ["campus-state", "^campus/state/"],
  // What every route shares: request context, error responses, body limit, faults, the request log.
  ["campus-http", "^campus/http/"],
  ["campus-login", "^campus/login/"],
  ["campus-calls", "^campus/calls/"],
  ["campus-presentations", "^campus/presentations/"],
  ["campus-activities", "^campus/activities/"],
  // Start, accept and grant commands; activityInvite offers an activity, so commands come after activities.
  ["campus-commands", "^campus/commands/"],
  // The campus page, its call panel and its own /host endpoints.
  ["campus-host-page", "^campus/host/"],
  // The browser code of the campus page and tile documents: the client of the /host endpoints and
  // tile routes, so it takes the types they answer with (host/assets.ts bundles it by path, no import).
  ["campus-page", "^campus/page/"],
  ["campus-control", "^campus/control/"],
  ["campus-entry", "^campus/[^/]+\\.ts$"],
];

const campusLayerRules = CAMPUS_LAYERS.slice(0, -1).map(([name, path], index) => ({
  name: `layer-${name}`,
  comment: `${name} imports only itself and the campus layers below it (.dependency-cruiser.cjs).`,
  severity: "error",
  from: { path, pathNot: TEST_FILE },
  to: { path: CAMPUS_LAYERS.slice(index + 1).map(([, higher]) => `(${higher})`).join("|") },
}));

/** Code that runs in the browser: the page's components and hooks. */
const CLIENT = "^lib/client/|^app/_components/|^app/(error|global-error)\\.tsx$";
/** The page's own library (hooks, fetchers, the iframe bridge): a layer of the browser side, below its components. */
const CLIENT_LIBRARY = "^lib/client/";
/** What browser code may import from the app: the contract and the client-safe layer. */
const CLIENT_SAFE = "^lib/contract/|^lib/(errors|backoff)\\.ts$|^lib/(shared|wire|client)/|^app/_components/|^app/globals\\.css$";

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "No import cycle anywhere, in the app or the local campus.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    ...layerRules,
    ...campusLayerRules,
    {
      name: "client-imports-no-server-code",
      comment: "Browser code imports only the contract and client-safe modules, never server modules.",
      severity: "error",
      from: { path: CLIENT, pathNot: TEST_FILE },
      to: { path: "^(lib|app|pages)/", pathNot: CLIENT_SAFE },
    },
    {
      name: "campus-page-runs-in-the-browser",
      comment: "The campus page's code is bundled for the browser: beside its own modules it runs only the contract's iframe schemas; server modules give it types alone.",
      severity: "error",
      from: { path: "^campus/page/", pathNot: TEST_FILE },
      to: { pathNot: "^campus/page/|^lib/contract/iframe-protocol\\.ts$|^node_modules/zod/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "layer-client",
      comment: "lib/client imports only the contract, the client-safe layer and itself: server code is refused by client-imports-no-server-code, the page's components here.",
      severity: "error",
      from: { path: CLIENT_LIBRARY, pathNot: TEST_FILE },
      to: { path: "^app/_components/|^app/globals\\.css$" },
    },
    {
      name: "server-imports-no-client-code",
      comment: "No server layer imports lib/client: a browser hook or fetcher has no place on the server.",
      severity: "error",
      from: { path: "^lib/|^app/api/|^pages/|^(proxy|instrumentation)\\.ts$", pathNot: `${CLIENT_LIBRARY}|${TEST_FILE}` },
      to: { path: CLIENT_LIBRARY },
    },
    {
      name: "campus-imports-only-the-contract",
      comment: "The local campus takes only the contract from the app.",
      severity: "error",
      from: { path: "^campus/" },
      to: { path: "^(lib|app|pages)/", pathNot: "^lib/contract/" },
    },
    {
      name: "app-never-imports-the-campus",
      comment: "The app talks to the campus over HTTP only, as it would to the real one.",
      severity: "error",
      from: { path: "^(lib|app|pages)/|^(proxy|instrumentation)\\.ts$" },
      to: { path: "^campus/" },
    },
    {
      name: "test-support-only-in-tests",
      comment: "Fixtures and contracts for tests stay out of the shipped code.",
      severity: "error",
      from: { path: "^(lib|app|pages|campus)/", pathNot: `${TEST_FILE}|^lib/testing/|^campus/test-support/` },
      to: { path: "^lib/testing/|^campus/test-support/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|\\.next)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"] },
  },
};
