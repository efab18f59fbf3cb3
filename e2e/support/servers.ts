import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { thisMachine } from "../../scripts/preflight/host.ts";
import { missingError } from "../../scripts/preflight/install.ts";
import { resolveRedisServer } from "../../scripts/preflight/redis.ts";
import { APP_ENV, CAMPUS_ENV, registration } from "./local-env";
import { originsOf } from "./origins";
import { portOpen } from "./ports";
import { endWithThisProcess } from "./process-groups";

/*
 * The servers of the end-to-end runs, for Playwright's and vitest's global setups: per slot
 * (e2e/support/origins.ts) a local campus and an app server of its own, the campus with the
 * end-to-end registration moved to the slot's app origin. Every slot's app is the standalone
 * server of one production build. Each server is the leader of its own process group, so npm,
 * tsx or next and their children end together, and writes its output to server-logs/ (the app's
 * log lines and the campus's), kept after the run to read beside a failed test; and ends when the
 * harness exits or is signalled (process-groups.ts). The bench and the unit tests' Redis start
 * their servers here too.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const START_MS = 60_000;
const LOG_DIR = path.join(ROOT, "server-logs");

// What `npm run build` reads (`next build`, then the standalone finish): a build older than any
// of these is stale.
const BUILD_INPUTS = ["app", "lib", "public", "proxy.ts", "instrumentation.ts", "next.config.mjs", "postcss.config.mjs", "tsconfig.json", "package-lock.json", "scripts/standalone.mjs", "scripts/env-check-bundle.mjs", "scripts/static-encoding.mjs", ".env", ".env.local", ".env.production", ".env.production.local"];
// What the standalone finish writes last: a build without it was stopped before its end.
const BUILD_OUTPUTS = ["BUILD_ID", "standalone/server.js", "standalone/env-check.mjs"];

export type Servers = { stop: () => Promise<void> };

/** The log file of a server started here; a slot's app server is named `app-<its port>`. */
export const serverLogPath = (name: string) => path.join(LOG_DIR, `${name}.log`);

/** The app servers' environment for a slot (undefined: the standard pair): the end-to-end credentials and the slot's campus. */
export function appEnvOf(slot: number | undefined) {
  const { campusApi, campusOrigin } = originsOf(slot);
  return { ...APP_ENV, CAMPUS_API_URL: campusApi, CAMPUS_ORIGINS: campusOrigin };
}

/** Starts the app of a slot, adding each server to `started` as soon as it runs. */
export type AppStarter = (slot: number, started: ChildProcess[]) => Promise<void>;

/**
 * Starts what the slots need, all at once, and stops everything when one fails. `app` starts the
 * app of a slot (by default the production server on the slot's port).
 */
export async function startSlots(slots: number[], app: AppStarter = startProductionApp): Promise<Servers> {
  const started: ChildProcess[] = [];
  const registrations = mkdtempSync(path.join(tmpdir(), "campus-e2e-"));
  const stop = async () => {
    await Promise.all(started.map(stopServer));
    rmSync(registrations, { recursive: true, force: true });
  };
  const results = await Promise.allSettled(
    slots.flatMap((slot) => [startCampus(slot, registrations).then((campus) => void started.push(campus)), app(slot, started)]),
  );
  const failure = results.find((result) => result.status === "rejected");
  if (failure) {
    await stop();
    throw failure.reason;
  }
  return { stop };
}

function startCampus(slot: number, registrations: string) {
  const { appOrigin, campusOrigin, campusApi, campusPort } = originsOf(slot);
  const file = path.join(registrations, `registration-${slot}.json`);
  // The registration's URLs on the app's origin (appUrl, iconUrl) move to the slot's app origin.
  const moved = Object.fromEntries(Object.entries(registration).map(([key, value]) => [key, typeof value === "string" && value.startsWith(`${registration.appOrigin}/`) ? appOrigin + value.slice(registration.appOrigin.length) : value]));
  writeFileSync(file, JSON.stringify({ ...moved, appOrigin }, null, 2));
  return startServer("npm", ["run", "campus"], {
    ready: `${campusApi}/health`,
    name: `campus-${campusPort}`,
    env: { ...CAMPUS_ENV, CAMPUS_PORT: String(campusPort), CAMPUS_ORIGIN: campusOrigin, CAMPUS_REGISTRATION: file },
  });
}

/** The standalone production server on the slot's app port. */
export async function startProductionApp(slot: number, started: ChildProcess[]) {
  started.push(await startProductionServer(slot, originsOf(slot).appPort));
}

/** `npm start`'s command (package.json) as node's arguments: its node flags, then the start script. */
export function startCommandArgs(): string[] {
  const { scripts } = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: { start: string } };
  const [node, ...args] = scripts.start.split(" ");
  if (node !== "node" || args.at(-1) !== "scripts/start.mjs") throw new Error(`package.json's start is not "node [flags] scripts/start.mjs": ${scripts.start}`);
  return args;
}

/** The name of an app server's log in server-logs/ (serverLogPath), by the port it serves on. */
export const appLogName = (port: number) => `app-${port}`;

/**
 * A standalone production server for the slot's campus, on `port`. Run by node itself, not npm, so
 * that the child is the app process (the bench reads its memory), with `npm start`'s node flags.
 */
export function startProductionServer(slot: number | undefined, port: number, extraEnv: Record<string, string> = {}) {
  return startServer(process.execPath, startCommandArgs(), {
    ready: `http://127.0.0.1:${port}/api/health`,
    name: appLogName(port),
    env: { ...appEnvOf(slot), APP_HOST: "127.0.0.1", PORT: String(port), ...extraEnv },
  });
}

/** redis-server, as `npm test`'s preflight finds it (scripts/preflight/redis.ts), or undefined. */
export function findRedisServer(): string | undefined {
  return resolveRedisServer(thisMachine()).path;
}

/**
 * A throwaway redis-server on a loopback port: no snapshot and no append-only file, so nothing
 * reaches the disk. DEBUG is allowed from loopback so that a test can restart it empty (DEBUG
 * RESTART, which re-executes the server's own path: hence the absolute one).
 */
export function startRedisServer(port: number, name = `redis-${port}`) {
  const binary = findRedisServer();
  if (!binary) throw missingError("redis-server", "no redis-server found");
  const args = ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--enable-debug-command", "local"];
  return startServer(binary, args, {
    ready: () => portOpen(port),
    name,
  });
}

/** Builds the app unless `.next` holds a build as new as its sources (`npm test` builds once, before every run). */
export function ensureBuild(runName: string) {
  if (buildIsCurrent()) return;
  console.info(`${runName}: building the app (npm run build)`);
  const build = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit", env: { ...process.env, ...APP_ENV } });
  if (build.status !== 0) throw new Error(`npm run build failed with ${build.status}`);
}

function buildIsCurrent() {
  const buildId = path.join(ROOT, ".next", "BUILD_ID");
  if (!BUILD_OUTPUTS.every((output) => existsSync(path.join(ROOT, ".next", output)))) return false;
  const builtAt = statSync(buildId).mtimeMs;
  return BUILD_INPUTS.every((input) => newestChange(path.join(ROOT, input)) <= builtAt);
}

function newestChange(file: string): number {
  if (!existsSync(file)) return 0;
  const stats = statSync(file);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(file).reduce((newest, name) => Math.max(newest, newestChange(path.join(file, name))), stats.mtimeMs);
}

export type ServerOptions = {
  /** When it is ready: when this URL answers, or when the check says so. */
  ready: string | (() => Promise<boolean>);
  /** Its log file: server-logs/<name>.log. */
  name: string;
  /** Added to this process's environment. */
  env?: Record<string, string>;
  /** The project's root unless given. */
  cwd?: string;
  timeoutMs?: number;
};

/**
 * Starts a server and waits until it is ready. A health URL that already answers is someone
 * else's server: these runs measure and test their own.
 */
export async function startServer(command: string, args: string[], { ready: health, name, env = {}, cwd = ROOT, timeoutMs = START_MS }: ServerOptions) {
  const ready = typeof health === "string" ? () => answers(health) : health;
  if (typeof health === "string" && (await ready())) throw new Error(`${health} already answers: these runs start their own servers; stop the one running`);
  mkdirSync(LOG_DIR, { recursive: true });
  const log = openSync(serverLogPath(name), "w");
  const child = spawn(command, args, { cwd, detached: true, stdio: ["ignore", log, "pipe"], env: { ...process.env, ...env } });
  endWithThisProcess(child);
  let errors = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-4_000);
    writeSync(log, chunk);
  });
  child.once("close", () => closeSync(log));
  const deadline = Date.now() + timeoutMs;
  while (!(await ready())) {
    if (child.exitCode !== null) throw new Error(`${command} ${args.join(" ")} exited with ${child.exitCode}:\n${errors}`);
    if (Date.now() > deadline) {
      await stopServer(child);
      throw new Error(`${command} ${args.join(" ")} was not ready within ${timeoutMs / 1000} s:\n${errors}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return child;
}

/** Ends the server's process group and waits for its leader to exit. */
export async function stopServer(child: ChildProcess) {
  if (!child.pid || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    return; // already gone
  }
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
}

async function answers(url: string) {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok;
  } catch {
    return false;
  }
}
