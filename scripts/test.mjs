// `npm test`: every suite, with the stages that can share the machine side by side, then each
// stage's time and the total. The production build is made once, before the end-to-end runs,
// and all of them start their app servers from it (e2e/support/servers.ts).
import { spawn } from "node:child_process";

// The lanes run side by side, the stages of a lane one after another; a stage with `after` also
// waits for those stages of other lanes. A failed stage fails the run, and the stages after it
// still run, so that one run shows every failure. Two cores are the budget: each stage is placed
// where the others leave a core idle.
const LANES = [
  // The dev server's run needs no build, but follows it (both compile the app), and the browser
  // runs of Chromium, Firefox and WebKit follow it: beside all of them, its bursts of compiling
  // once held a Chromium page past its expectation. The build leaves its type check to `types`.
  [
    { name: "build", command: ["npm", "run", "build"], env: { BUILD_SKIPS_TYPECHECK: "1" } },
    { name: "dev", command: ["npx", "playwright", "test", "-c", "playwright.dev.config.ts"] },
    { name: "chromium", command: ["npx", "playwright", "test"] },
  ],
  // The types are checked here, off the path the build, the dev run and Chromium's run make. The
  // shared-store run (one page at a time) takes the core the dev run leaves (its one page at a time).
  [
    { name: "unit", command: ["npx", "vitest", "run"] },
    { name: "types", command: ["npm", "run", "typecheck"] },
    { name: "shared-store", after: ["build"], command: ["npx", "playwright", "test", "-c", "playwright.redis.config.ts"] },
  ],
  // Every run on the production build has ports of its own (e2e/support/origins.ts): much of an
  // end-to-end test is waiting (for a poll, a heartbeat, a lease), so they share the cores.
  [{ name: "firefox", after: ["dev"], command: ["npx", "vitest", "run", "-c", "vitest.firefox.config.ts"] }],
  [{ name: "webkit", after: ["dev"], command: ["npx", "vitest", "run", "-c", "vitest.webkit.config.ts"] }],
];

const started = performance.now();
const finished = new Map(LANES.flat().map(({ name }) => [name, Promise.withResolvers()]));
const results = (await Promise.all(LANES.map(runLane))).flat();
const failed = results.some((result) => result.code !== 0);

console.log("\nnpm test:");
for (const { name, code, seconds } of results) console.log(`  ${name.padEnd(13)} ${seconds.padStart(7)} s  ${code === 0 ? "ok" : `FAILED (exit ${code})`}`);
console.log(`  ${"total".padEnd(13)} ${elapsed(started).padStart(7)} s  ${failed ? "FAILED" : "ok"}`);
process.exit(failed ? 1 : 0);

/** Runs a lane's stages one after another, each once the stages it comes `after` have finished. */
async function runLane(stages) {
  const results = [];
  for (const stage of stages) {
    await Promise.all((stage.after ?? []).map((name) => finished.get(name).promise));
    const result = await run(stage);
    finished.get(stage.name).resolve(result);
    results.push(result);
  }
  return results;
}

/** Runs a stage; each line of its output starts with its name. */
function run({ name, command: [command, ...args], env = {} }) {
  const stageStarted = performance.now();
  console.log(`\n== ${name}: ${[command, ...args].join(" ")}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...env } });
    relay(child.stdout, process.stdout, name);
    relay(child.stderr, process.stderr, name);
    child.on("exit", (code, signal) => resolve({ name, code: code ?? signal, seconds: elapsed(stageStarted) }));
  });
}

function relay(stream, out, name) {
  let pending = "";
  stream.on("data", (chunk) => {
    const lines = (pending + chunk.toString()).split("\n");
    pending = lines.pop();
    for (const line of lines) out.write(`[${name}] ${line}\n`);
  });
  stream.on("end", () => {
    if (pending) out.write(`[${name}] ${pending}\n`);
  });
}

function elapsed(since) {
  return ((performance.now() - since) / 1000).toFixed(1);
}
