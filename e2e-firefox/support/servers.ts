import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { APP_ENV, CAMPUS_ENV } from "../../e2e/support/local-env";
import { APP_SERVER, CAMPUS_API } from "../../e2e/support/origins";

/*
 * vitest's global setup for the Firefox run: the same two servers as the Chromium run's
 * webServer entries, the local campus and the production app. Like Playwright there, servers
 * already answering are reused outside CI, and on CI their ports must be free.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const CAMPUS_HEALTH = `${CAMPUS_API}/health`;
const APP_HEALTH = `${APP_SERVER}/api/health`;
const CAMPUS_START_MS = 60_000;
const APP_START_MS = 60_000;

// What `next build` reads: a build older than any of these is stale.
const BUILD_INPUTS = ["app", "lib", "public", "proxy.ts", "instrumentation.ts", "next.config.mjs", "postcss.config.mjs", "tsconfig.json", "package-lock.json", ".env", ".env.local", ".env.production", ".env.production.local"];

export default async function setup() {
  const isCI = Boolean(process.env.CI);
  const started: ChildProcess[] = [];
  const stop = () => {
    for (const child of started) {
      // Each server was started as the leader of its own process group: npm, tsx or next and their children end together.
      if (child.pid && child.exitCode === null) {
        try {
          process.kill(-child.pid, "SIGTERM");
        } catch {
          // already gone
        }
      }
    }
  };
  try {
    if (await claimPort(CAMPUS_HEALTH, isCI)) started.push(await startServer("npm", ["run", "campus"], CAMPUS_HEALTH, CAMPUS_START_MS, CAMPUS_ENV));
    if (await claimPort(APP_HEALTH, isCI)) {
      // The Chromium run of the same `npm test` built the app moments ago; a build as new as its sources is used as is.
      if (buildIsCurrent()) console.info("Firefox run: reusing the current production build in .next");
      else runBuild();
      started.push(await startServer("npm", ["run", "start"], APP_HEALTH, APP_START_MS, APP_ENV));
    }
  } catch (error) {
    stop();
    throw error;
  }
  return stop;
}

/** True when this run must start the server; a server already answering is reused, except on CI. */
async function claimPort(health: string, isCI: boolean) {
  if (!(await answers(health))) return true;
  if (isCI) throw new Error(`${health} already answers: on CI the Firefox run starts its own servers; stop the one running`);
  console.info(`Firefox run: reusing the server at ${health}`);
  return false;
}

function buildIsCurrent() {
  const buildId = path.join(ROOT, ".next", "BUILD_ID");
  if (!existsSync(buildId)) return false;
  const builtAt = statSync(buildId).mtimeMs;
  return BUILD_INPUTS.every((input) => newestChange(path.join(ROOT, input)) <= builtAt);
}

function newestChange(file: string): number {
  if (!existsSync(file)) return 0;
  const stats = statSync(file);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(file).reduce((newest, name) => Math.max(newest, newestChange(path.join(file, name))), stats.mtimeMs);
}

function runBuild() {
  console.info("Firefox run: building the app (npm run build)");
  const build = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit", env: { ...process.env, ...APP_ENV } });
  if (build.status !== 0) throw new Error(`npm run build failed with ${build.status}`);
}

/** Starts a server with the same local registration and secrets as the Chromium run (e2e/support/local-env.ts). */
async function startServer(command: string, args: string[], health: string, timeoutMs: number, env: Record<string, string>) {
  const child = spawn(command, args, { cwd: ROOT, detached: true, stdio: ["ignore", "ignore", "pipe"], env: { ...process.env, ...env } });
  let errors = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-4_000);
  });
  const deadline = Date.now() + timeoutMs;
  while (!(await answers(health))) {
    if (child.exitCode !== null) throw new Error(`${command} ${args.join(" ")} exited with ${child.exitCode}:\n${errors}`);
    if (Date.now() > deadline) {
      process.kill(-child.pid!, "SIGTERM");
      throw new Error(`${health} did not answer within ${timeoutMs / 1000} s:\n${errors}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return child;
}

async function answers(url: string) {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok;
  } catch {
    return false;
  }
}
