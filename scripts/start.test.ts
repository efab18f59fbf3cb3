import { execFile } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { bundleEnvCheck } from "./env-check-bundle.mjs";

/*
 * scripts/start.mjs (`npm start` and the container's command) in a build of its own: the real
 * environment check beside a stand-in server.js that, like Next's, prints "Ready" as it starts, and
 * an empty static folder.
 */

let root: string;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), "start-"));
  const standalone = path.join(root, ".next", "standalone");
  mkdirSync(path.join(root, "scripts"));
  mkdirSync(standalone, { recursive: true });
  for (const script of ["start.mjs", "static-encoding.mjs"]) copyFileSync(path.resolve(import.meta.dirname, script), path.join(root, "scripts", script));
  mkdirSync(path.join(standalone, ".next", "static"), { recursive: true });
  writeFileSync(path.join(standalone, "server.js"), 'const { env } = require("node:process");\nconsole.log(`Ready on ${env.HOSTNAME}:${env.PORT}`);\n');
  await bundleEnvCheck(path.join(standalone, "env-check.mjs"));
}, 60_000);

/** A child's whole environment: `env` and the test run's NODE_ENV (test), nothing else of the run's. */
const onlyThese = (env: Record<string, string>): NodeJS.ProcessEnv => ({ NODE_ENV: "test", ...env });

const PRODUCTION = {
  CAMPUS_API_URL: "https://api.campus.example",
  CAMPUS_ORIGINS: "https://campus.example",
  CAMPUS_CLIENT_ID: "start-test-app",
  CAMPUS_CLIENT_SECRET: "start-test-secret",
  SESSION_SECRET: "s".repeat(40),
};

function start(env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [path.join(root, "scripts", "start.mjs")], { env: onlyThese(env) }, (error, stdout, stderr) => {
      resolve({ code: typeof error?.code === "number" ? error.code : 0, stdout, stderr });
    });
  });
}

describe("the start script", { timeout: 30_000 }, () => {
  it("refuses the example secrets before the server starts, so no Ready precedes the refusal", async () => {
    const { code, stdout, stderr } = await start({
      ...PRODUCTION,
      CAMPUS_CLIENT_SECRET: "local-campus-secret-do-not-use-in-production",
    });
    expect(stderr).toMatch(/CAMPUS_CLIENT_SECRET: is the development example/);
    expect(stdout).not.toContain("Ready");
    expect(code).toBe(1);
  });

  it("starts the server on APP_HOST and PORT, whatever HOSTNAME says", async () => {
    const { code, stdout } = await start({ ...PRODUCTION, APP_HOST: "127.0.0.1", PORT: "3900", HOSTNAME: "box-7" });
    expect(stdout).toContain("Ready on 127.0.0.1:3900");
    expect(code).toBe(0);
  });

  it("listens on every address and port 3000 when neither is set", async () => {
    const { stdout } = await start({ ...PRODUCTION, HOSTNAME: "box-7" });
    expect(stdout).toContain("Ready on 0.0.0.0:3000");
  });
});
