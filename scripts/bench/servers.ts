import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { connect, createServer } from "node:net";

export const APP_URL = "http://127.0.0.1:3000";
export const CAMPUS_URL = "http://127.0.0.1:4000";

/** Runs a command to completion, streaming its output; rejects on a non-zero exit. */
export function run(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { stdio: "inherit", ...options });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited with ${code}`))));
  });
}

/** Starts a long-running server and waits until its health URL answers (without one: until it accepts connections, for Redis). */
export async function startServer(command: string, args: string[], healthUrl: string | null, options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
  const port = Number(args[args.indexOf("--port") + 1]);
  const up = () => (healthUrl === null ? portOpen(port) : isUp(healthUrl));
  if (await up()) throw new Error(`${healthUrl ?? `port ${port}`} already answers; stop that server first so the bench measures its own.`);
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

function portOpen(port: number) {
  return new Promise<boolean>((resolve) => {
    const socket = connect({ host: "127.0.0.1", port }, () => {
      socket.end();
      resolve(true);
    });
    socket.on("error", () => resolve(false));
  });
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
