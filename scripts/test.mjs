// `npm test`: every suite, with the stages that can share the machine side by side, then each
// stage's time and the total. The production build is made once, before the end-to-end runs,
// and all of them start their app servers from it (e2e/support/servers.ts).
import { spawn } from "node:child_process";

// Each group's lanes run side by side, and the stages of a lane one after another; the groups
// one after the other. A failed stage fails the run, and the stages after it still run, so that
// one run shows every failure.
const GROUPS = [
  // The dev server's run needs no build, and takes the cores the unit tests leave: after the build,
  // not beside it (both compile the app) nor beside the browser runs (a page of theirs would wait on
  // its on-demand compiles longer than any expectation allows).
  [
    [
      { name: "build", command: ["npm", "run", "build"] },
      { name: "dev", command: ["npx", "playwright", "test", "-c", "playwright.dev.config.ts"] },
    ],
    [{ name: "unit", command: ["npx", "vitest", "run"] }],
  ],
  // The runs on the production build, each on ports of its own (e2e/support/origins.ts): much of
  // an end-to-end test is waiting (for a poll, a heartbeat, a lease), so they share the cores.
  [
    [{ name: "chromium", command: ["npx", "playwright", "test"] }],
    [{ name: "firefox", command: ["npx", "vitest", "run", "-c", "vitest.firefox.config.ts"] }],
    [{ name: "webkit", command: ["npx", "vitest", "run", "-c", "vitest.webkit.config.ts"] }],
    [{ name: "shared-store", command: ["npx", "playwright", "test", "-c", "playwright.redis.config.ts"] }],
  ],
];

const started = performance.now();
const results = [];
for (const lanes of GROUPS) {
  const finished = await Promise.all(lanes.map((lane) => runLane(lane, lanes.length > 1)));
  results.push(...finished.flat());
}
const failed = results.some((result) => result.code !== 0);

console.log("\nnpm test:");
for (const { name, code, seconds } of results) console.log(`  ${name.padEnd(13)} ${seconds.padStart(7)} s  ${code === 0 ? "ok" : `FAILED (exit ${code})`}`);
console.log(`  ${"total".padEnd(13)} ${elapsed(started).padStart(7)} s  ${failed ? "FAILED" : "ok"}`);
process.exit(failed ? 1 : 0);

/** Runs a lane's stages one after another. */
async function runLane(stages, prefixed) {
  const results = [];
  for (const stage of stages) results.push(await run(stage, prefixed));
  return results;
}

/** Runs a stage; beside others, each of its lines starts with its name. */
function run({ name, command: [command, ...args] }, prefixed) {
  const stageStarted = performance.now();
  console.log(`\n== ${name}: ${[command, ...args].join(" ")}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ["ignore", prefixed ? "pipe" : "inherit", prefixed ? "pipe" : "inherit"] });
    if (prefixed) {
      relay(child.stdout, process.stdout, name);
      relay(child.stderr, process.stderr, name);
    }
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
