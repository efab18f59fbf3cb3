import { availableParallelism } from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      // `server-only` throws outside a React Server environment; tests run server modules directly.
      "server-only": path.resolve(import.meta.dirname, "tests/server-only-stub.ts"),
    },
  },
  test: {
    include: ["**/*.test.ts"],
    exclude: ["node_modules/**", ".next/**", "e2e/**"],
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
  },
});
