import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { portOpen } from "../../e2e/support/port-open";

export const APP_URL = "http://127.0.0.1:3000";
export const CAMPUS_URL = "http://127.0.0.1:4000";

/** Runs a command to completion, streaming its output; rejects on a non-zero exit. */
export function run(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { stdio: "inherit", ...options });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited with ${code}`))));
  });
}

/** Starts a long-running server and waits until its health URL answers, or its port accepts connections (Redis). */
export async function startServer(command: string, args: string[], ready: string | { port: number }, options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
  const up = () => (typeof ready === "string" ? isUp(ready) : portOpen(ready.port));
  const healthUrl = typeof ready === "string" ? ready : `port ${ready.port}`;
  if (await up()) throw new Error(`${healthUrl} already answers; stop that server first so the bench measures its own.`);
  const child = spawn(command, args, { stdio: ["ignore", "ignore", "inherit"], detached: true, ...options });
  const deadline = Date.now() + 60_000;
  while (!(await up())) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`${command} ${args.join(" ")} did not come up at ${healthUrl}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return child;
}

export function stopServer(child: ChildProcess | undefined) {
  if (child?.pid) {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
}

async function isUp(url: string) {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(1_000) })).ok;
  } catch {
    return false;
  }
}

export async function ensureBuild(dir: string) {
  if (!existsSync(`${dir}/.next/BUILD_ID`)) await run("npx", ["next", "build"], { cwd: dir });
}

/** A port nobody listens on right now. */
export function findFreePort() {
  return new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}
