/**
 * The unit-test files that run in a module graph of their own (vitest.config.ts). The others share
 * their worker's modules from one file to the next, which takes a third of the time; these change
 * what a process holds, so another file would see it, or need it fresh. A test file belongs here
 * if, and only if, it does one of the following; tests/test-isolation.test.ts reads every test
 * file for these signs (a type import is none: it runs nothing) and fails on a file that shows one
 * and is not listed, or is listed and shows none:
 *
 * - stubs the environment (`vi.stubEnv`, `process.env`): the server reads it once (lib/env.ts);
 * - calls a route handler (`@/app/…`) or the server's wiring (lib/server/deps.ts): the process's
 *   own stores and rate limiter, which another file's requests would have filled;
 * - stubs a global or mocks a module (`vi.stubGlobal`, `vi.mock`, dynamic imports after either);
 * - spies on a built-in's prototype (`Response.prototype`), which another file may have replaced.
 */
export const ISOLATED_TEST_FILES = [
  // The environment
  "instrumentation.test.ts",
  "proxy.test.ts",
  "lib/http/define-route.test.ts",
  "lib/http/input-rules.test.ts",
  "lib/http/node-route.test.ts",
  "lib/http/unauthenticated-work.test.ts",
  "lib/logs-hold-no-secrets.test.ts",
  "lib/server/redis-faults.test.ts",
  "lib/server/serve-route.test.ts",
  // Route handlers
  "lib/auth/renewal-race.test.ts",
  "lib/wire/activity-kinds.test.ts",
  "lib/wire/activity-routes.test.ts",
  "lib/wire/call-routes.test.ts",
  "lib/wire/notes.test.ts",
  "lib/wire/poll.test.ts",
  "lib/wire/presentation-routes.test.ts",
  // Globals and module mocks
  "lib/activity/kind-being-added.test.ts",
  "lib/activity/view-clock.test.ts",
  "lib/client/fetch/fetcher.test.ts",
  "lib/client/supported-browsers-polyfills.test.ts",
  "lib/client/handshake/sign-in.test.ts",
  "lib/client/timing/timing-marks.test.ts",
  "app/_components/handshake/embedded-app.test.ts",
  // A built-in's prototype
  "campus/http/log-rest-calls.test.ts",
];
