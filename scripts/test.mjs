// `npm test`: every suite, with the stages that can share the machine side by side, then each
// stage's time and the total. The production build is made once, before the end-to-end runs,
// and all of them start their app servers from it (e2e/support/servers.ts). First, in a moment, a
// preflight looks up every engine and server the stages need (scripts/preflight/). Stopped (Ctrl-C,
// SIGTERM), it stops every stage and server it started (scripts/test-runner.mjs).
import { tsImport } from "tsx/esm/api";
import { elapsed, runLanes } from "./test-runner.mjs";

// The lanes run side by side, the stages of a lane one after another; a stage with `after` also
// waits for those stages of other lanes. A failed stage fails the run, and the stages after it
// still run, so that one run shows every failure. Two cores are the budget: each stage is placed
// where the others leave a core idle. `needs` is what a stage needs installed (scripts/preflight/needs.ts).
const LANES = [
  // The dev server's run needs no build, but follows it (both compile the app), and the browser
  // runs of Chromium, Firefox and WebKit follow it: beside all of them, its bursts of compiling
  // once held a Chromium page past its expectation. The build leaves its type check to `types`.
  [
    { name: "build", command: ["npm", "run", "build"], env: { BUILD_SKIPS_TYPECHECK: "1" } },
    { name: "dev", needs: ["chromium"], command: ["npx", "playwright", "test", "-c", "playwright.dev.config.ts"] },
    { name: "chromium", needs: ["chromium"], command: ["npx", "playwright", "test"] },
  ],
  // The types are checked here, off the path the build, the dev run and Chromium's run make. The
  // shared-store run (one page at a time) takes the core the dev run leaves (its one page at a time).
  [
    { name: "unit", needs: ["redis-server", "openssl"], command: ["npx", "vitest", "run"] },
    { name: "types", command: ["npm", "run", "typecheck"] },
    { name: "shared-store", after: ["build"], needs: ["chromium", "redis-server"], command: ["npx", "playwright", "test", "-c", "playwright.redis.config.ts"] },
  ],
  // Every run on the production build has ports of its own (e2e/support/origins.ts): much of an
  // end-to-end test is waiting (for a poll, a heartbeat, a lease), so they share the cores.
  [{ name: "firefox", after: ["dev"], needs: ["firefox"], command: ["npx", "vitest", "run", "-c", "vitest.firefox.config.ts"] }],
  [{ name: "webkit", after: ["dev"], needs: ["webkit"], command: ["npx", "vitest", "run", "-c", "vitest.webkit.config.ts"] }],
];

const started = performance.now();
const { preflight, thisMachine } = await tsImport("./preflight/index.ts", import.meta.url);
const plan = preflight(thisMachine(), LANES.flat(), process.argv.slice(2));
console.log(plan.lines.join("\n"));
if (!plan.go) process.exit(1);

const results = await runLanes(LANES, plan.skipped);
const failed = results.some((result) => result.code !== 0);

// A failed stage's last lines once more, next to the verdict: among the lines of every stage side
// by side, its error is far up, past what a CI log shows of its end.
for (const { name, code, tail = [] } of results) {
  if (code === 0) continue;
  console.log(`\n== ${name} failed (exit ${code}); its last ${tail.length} lines again:`);
  for (const line of tail) console.log(`[${name}] ${line}`);
}

console.log("\nnpm test:");
for (const { name, code, seconds, skipped } of results) {
  console.log(`  ${name.padEnd(13)} ${(skipped ? "" : seconds).padStart(7)} ${skipped ? " " : "s"}  ${skipped ? `SKIPPED (${skipped})` : code === 0 ? "ok" : `FAILED (exit ${code})`}`);
}
// A run that left stages out says so on its last line, passed or not.
const notRun = plan.skipped.size ? `${[...plan.skipped.keys()].join(", ")} did not run (skipped)` : "";
const verdict = [failed ? "FAILED" : "ok", notRun].filter(Boolean).join(", but ");
console.log(`  ${"total".padEnd(13)} ${elapsed(started).padStart(7)} s  ${verdict}`);
process.exit(failed ? 1 : 0);
