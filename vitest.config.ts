import { availableParallelism } from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";
import { ISOLATED_TEST_FILES } from "./tests/isolated-test-files.ts";

const TEST_FILES = ["**/*.test.ts"];
const NOT_TESTS = ["node_modules/**", ".next/**", "e2e/**"];

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      // `server-only` throws outside a React Server environment; tests run server modules directly.
      "server-only": path.resolve(import.meta.dirname, "tests/server-only-stub.ts"),
    },
  },
  test: {
    environment: "node",
    // Files side by side on every core: vitest's default leaves one core idle.
    maxWorkers: availableParallelism(),
    // A timeout here only catches a test that hangs: no test waits on the clock, so a slow or busy
    // machine (a CI runner, a CPU hog beside the run) takes longer and still passes.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Test runs print no app log lines; the log tests raise the level on the logger they capture.
    env: { LOG_LEVEL: "silent" },
    globalSetup: ["tests/redis-global-setup.ts"],
    projects: [
      // Most files share their worker's modules (a third of the time of a fresh graph per file);
      // each test's spies are undone after it, so none outlives its file.
      { extends: true, test: { name: "shared", include: TEST_FILES, exclude: [...NOT_TESTS, ...ISOLATED_TEST_FILES], isolate: false, restoreMocks: true } },
      // The files that change what a process holds, each in a graph of its own.
      { extends: true, test: { name: "isolated", include: ISOLATED_TEST_FILES } },
    ],
  },
});
