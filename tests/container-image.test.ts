import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "@/e2e/support/ports";
import { startCommandArgs } from "@/e2e/support/servers";

/*
 * What the Dockerfile and .dockerignore promise, read from the files: no image is built here
 * (scripts/container/smoke.mjs builds and runs one where a container engine is present).
 */

const ROOT = path.resolve(import.meta.dirname, "..");
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

/** The Dockerfile's instructions, continuation lines joined, comments dropped. */
function instructions(dockerfile: string) {
  return dockerfile
    .replace(/\\\n/g, " ")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const [keyword = "", ...rest] = line.split(/\s+/);
      return { keyword: keyword.toUpperCase(), args: rest.join(" ") };
    });
}

/** The instructions of the last stage: what the image runs. */
function runStage() {
  const all = instructions(read("Dockerfile"));
  const from = all.findLastIndex(({ keyword }) => keyword === "FROM");
  return all.slice(from);
}

/** The instructions of the stage named `name` (`FROM … AS name`). */
function stage(name: string) {
  const all = instructions(read("Dockerfile"));
  const from = all.findIndex(({ keyword, args }) => keyword === "FROM" && args.endsWith(` AS ${name}`));
  const next = all.findIndex(({ keyword }, index) => index > from && keyword === "FROM");
  return all.slice(from, next === -1 ? undefined : next);
}

const patterns = (file: string) =>
  read(file)
    .split("\n")
    .map((line) => line.trim().replace(/^\/|\/$/g, ""))
    .filter((line) => line && !line.startsWith("#"));

/** A child's whole environment: `env` and the test run's NODE_ENV (test), nothing else of the run's. */
const onlyThese = (env: Record<string, string>): NodeJS.ProcessEnv => ({ NODE_ENV: "test", ...env });

describe("the image (Dockerfile)", () => {
  it("runs the start script that `npm start` runs, so PORT and APP_HOST mean what they mean there", () => {
    const stage = runStage();
    // With the same node flags: the heap's sizing is part of what was measured (docs/performance.md).
    const command = ["node", ...startCommandArgs()].map((word) => JSON.stringify(word)).join(", ");
    expect(stage.find(({ keyword }) => keyword === "CMD")?.args).toBe(`[${command}]`);
    // HOSTNAME is the start script's to set, from APP_HOST: a value here would be overridden anyway.
    expect(stage.filter(({ keyword }) => keyword === "ENV").map(({ args }) => args).join(" ")).not.toMatch(/HOSTNAME=/);
  });

  it("checks its health on the port and address the server listens on, with no port of its own", () => {
    const healthcheck = runStage().find(({ keyword }) => keyword === "HEALTHCHECK");
    expect(healthcheck?.args).toMatch(/CMD \["node", "scripts\/health-check\.mjs"\]$/);
    expect(healthcheck?.args).not.toMatch(/\d{4}/);
  });

  it("runs as the unprivileged node user", () => {
    const stage = runStage();
    const users = stage.filter(({ keyword }) => keyword === "USER");
    expect(users.at(-1)?.args).toBe("node");
    expect(stage.findIndex(({ keyword }) => keyword === "USER")).toBeLessThan(stage.findIndex(({ keyword }) => keyword === "CMD"));
  });

  it("leaves what it runs root's: no copy hands it to another user, nothing after changes owner or mode", () => {
    const stage = runStage();
    for (const { args } of stage.filter(({ keyword }) => keyword === "COPY")) expect(args).not.toMatch(/--chown|--chmod/);
    for (const { args } of stage.filter(({ keyword }) => keyword === "RUN")) expect(args).not.toMatch(/\bch(own|mod)\b/);
  });

  it("copies only what the build made writable by its owner alone", () => {
    const copied = runStage()
      .filter(({ keyword }) => keyword === "COPY")
      .flatMap(({ args }) => args.split(/\s+/).slice(1, -1))
      .map((source) => path.posix.relative("/app", source));
    const locked = stage("build")
      .filter(({ keyword }) => keyword === "RUN")
      .flatMap(({ args }) => /\bchmod -R go-w ([^&;|]+)/.exec(args)?.[1]?.trim().split(/\s+/) ?? []);
    expect(copied.length).toBeGreaterThan(0);
    expect(copied.filter((source) => !locked.some((dir) => source === dir || source.startsWith(`${dir}/`)))).toEqual([]);
  });

  it("copies into what it runs only the build's output and the scripts it runs, never the context", () => {
    const copies = runStage().filter(({ keyword }) => keyword === "COPY");
    for (const { args } of copies) expect(args).toMatch(/^--from=build /);
  });
});

describe("the build context (.dockerignore)", () => {
  it("leaves out everything .gitignore does: the machine's installs and builds, secrets, test and bench output", () => {
    const ignored = patterns(".dockerignore").filter((pattern) => !pattern.startsWith("!"));
    const kept = patterns(".gitignore").filter((entry) => !ignored.some((pattern) => path.matchesGlob(entry, pattern)));
    expect(kept).toEqual([]);
  });

  it("leaves out every .env file but the example", () => {
    const ignored = patterns(".dockerignore");
    expect(ignored).toEqual(expect.arrayContaining([".env", ".env.*"]));
    expect(ignored.filter((pattern) => pattern.startsWith("!"))).toEqual(["!.env.example"]);
  });
});

describe("the health check (scripts/health-check.mjs)", { timeout: 30_000 }, () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  async function serveHealth(status: number) {
    const port = await freePort();
    server = createServer((request, response) => response.writeHead(request.url === "/api/health" ? status : 404).end());
    await new Promise<void>((resolve) => server?.listen(port, "127.0.0.1", resolve));
    return port;
  }

  function check(env: Record<string, string>): Promise<number> {
    return new Promise((resolve) => {
      execFile(process.execPath, [path.join(ROOT, "scripts/health-check.mjs")], { env: onlyThese(env) }, (error) =>
        resolve(typeof error?.code === "number" ? error.code : 0),
      );
    });
  }

  it("is healthy when the server on PORT answers /api/health", async () => {
    const port = await serveHealth(200);
    expect(await check({ PORT: String(port) })).toBe(0);
    expect(await check({ PORT: String(port), APP_HOST: "127.0.0.1" })).toBe(0);
  });

  it("is unhealthy when the server answers 503 (its Redis unreachable)", async () => {
    const port = await serveHealth(503);
    expect(await check({ PORT: String(port) })).toBe(1);
  });

  it("is unhealthy when nothing listens on PORT", async () => {
    expect(await check({ PORT: String(await freePort()) })).toBe(1);
  });
});
