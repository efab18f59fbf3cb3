// `npm run test:image`: builds the app's image (Dockerfile) and tries what it promises, with Docker
// or Podman (scripts/container/engine.mjs). It fails, saying why, when it cannot run: no engine,
// no base image. Not part of `npm test`, which needs no container engine.
import { randomBytes } from "node:crypto";
import path from "node:path";
import { buildArgs, checkBaseImage, findEngine, runEngine } from "./engine.mjs";

const ROOT = path.resolve(import.meta.dirname, "../..");
const IMAGE = "campus-hosted-app";
const BASE_IMAGE = "node:24-bookworm-slim";
const PORT = "3900";
// Ends a wait that would never end (a build's first start on a slow machine takes seconds, not minutes).
const WAIT_MS = 180_000;
// A configuration production accepts: https campus, secrets of this run's own.
const PRODUCTION_ENV = {
  CAMPUS_API_URL: "https://api.campus.example",
  CAMPUS_ORIGINS: "https://campus.example",
  CAMPUS_CLIENT_ID: "smoke-test-app",
  CAMPUS_CLIENT_SECRET: randomBytes(24).toString("hex"),
  SESSION_SECRET: randomBytes(32).toString("hex"),
};

const engine = findEngine();
if (engine.error) fail(engine.error);
const missingBase = checkBaseImage(engine, BASE_IMAGE);
if (missingBase) fail(missingBase);

const started = [];
const results = [];
try {
  console.log(`== building ${IMAGE} (${engine.command.join(" ")})`);
  const built = await runEngine(engine, buildArgs(engine, { tag: IMAGE, context: ROOT }), { inherit: true });
  if (built.code !== 0) fail(`The image did not build (exit ${built.code}).`);

  await check("refuses the example secrets of .env.example, and never says Ready", async () => {
    const { code, output } = await runEngine(engine, ["run", "--rm", "--env-file", path.join(ROOT, ".env.example"), IMAGE]);
    if (code === 0) return `it exited 0:\n${output}`;
    if (!/CAMPUS_CLIENT_SECRET: is the development example/.test(output)) return `no refusal naming CAMPUS_CLIENT_SECRET:\n${output}`;
    if (/Ready/.test(output)) return `it printed Ready before refusing:\n${output}`;
  });

  await check("ships no sharp or libvips", async () => {
    const { code, stdout, output } = await runEngine(engine, ["run", "--rm", "--user", "root", IMAGE, "sh", "-c", "find / -xdev \\( -name 'sharp' -o -name 'libvips*' \\) -print"]);
    if (code !== 0 || stdout.trim()) return `found (exit ${code}):\n${output}`;
  });

  await check("keeps its app files root's, none writable by the user the server runs as", async () => {
    // As the image's own user: `-writable` asks the kernel what that user may write.
    const { code, stdout, output } = await runEngine(engine, ["run", "--rm", IMAGE, "sh", "-c", "id -un; find /app \\( ! -user root -o -writable \\) -print"]);
    const [user, ...found] = stdout.trim().split("\n");
    if (code !== 0 || user !== "node" || found.length > 0) return `as ${user} (exit ${code}):\n${output}`;
  });

  await check(`serves on PORT=${PORT} and reports healthy there`, async () => {
    const name = await start(["-p", `127.0.0.1::${PORT}`, "-e", `PORT=${PORT}`]);
    const hostPort = await publishedPort(name, PORT);
    const health = await waitForHealth(name);
    if (health !== "healthy") return `the health check says ${health}:\n${await logs(name)}`;
    const page = await fetch(`http://127.0.0.1:${hostPort}/`).catch((error) => error);
    if (!(page instanceof Response)) return `the published port ${hostPort} does not answer: ${page.message}`;
    const csp = page.headers.get("content-security-policy") ?? "";
    if (!csp.includes("frame-ancestors https://campus.example")) return `the page's frame-ancestors is not the campus's: "${csp}"`;
  });

  await check("listens on APP_HOST only, and reports healthy there", async () => {
    const name = await start(["-p", "127.0.0.1::3000", "-e", "APP_HOST=127.0.0.1"]);
    const hostPort = await publishedPort(name, "3000");
    const health = await waitForHealth(name);
    if (health !== "healthy") return `the health check says ${health}:\n${await logs(name)}`;
    // The container's loopback is not the host's: a server on it is out of the published port's reach.
    const answer = await fetch(`http://127.0.0.1:${hostPort}/api/health`, { signal: AbortSignal.timeout(5_000) }).then(
      (response) => response.status,
      () => "no answer",
    );
    if (answer !== "no answer") return `the published port answered ${answer}, so the server listens beyond APP_HOST`;
  });
} finally {
  for (const name of started) await runEngine(engine, ["rm", "-f", name]);
}

console.log(`\n${IMAGE}:`);
for (const { name, problem } of results) console.log(`  ${problem ? "FAILED" : "ok    "}  ${name}${problem ? `\n${indent(problem)}` : ""}`);
process.exit(results.some(({ problem }) => problem) ? 1 : 0);

/** Runs one check; a returned string is what went wrong. */
async function check(name, body) {
  console.log(`== ${name}`);
  results.push({ name, problem: await body() });
}

/** Starts the image in the background with PRODUCTION_ENV and `args`; resolves with the container's name. */
async function start(args) {
  const name = `${IMAGE}-smoke-${process.pid}-${started.length}`;
  const env = Object.entries(PRODUCTION_ENV).flatMap(([key, value]) => ["-e", `${key}=${value}`]);
  const { code, output } = await runEngine(engine, ["run", "-d", "--name", name, ...env, ...args, IMAGE]);
  if (code !== 0) throw new Error(`${name} did not start: ${output}`);
  started.push(name);
  return name;
}

/**
 * The container's health once it leaves "starting". Podman runs the check on demand (its timer
 * needs systemd); Docker runs it every interval (30 s), so its first result comes within one.
 */
async function waitForHealth(name) {
  const deadline = Date.now() + WAIT_MS;
  while (Date.now() < deadline) {
    if (engine.podman) {
      const { code } = await runEngine(engine, ["healthcheck", "run", name]);
      if (code === 0) return "healthy";
    } else {
      const { stdout } = await runEngine(engine, ["inspect", "--format", "{{.State.Health.Status}}", name]);
      if (stdout.trim() !== "starting") return stdout.trim();
    }
    const { stdout: running } = await runEngine(engine, ["inspect", "--format", "{{.State.Running}}", name]);
    if (running.trim() !== "true") return "exited";
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  return `still not healthy after ${WAIT_MS / 1000} s`;
}

async function logs(name) {
  return (await runEngine(engine, ["logs", name])).output;
}

/** The host port the engine chose for the container's `port` (`-p 127.0.0.1::<port>`). */
async function publishedPort(name, port) {
  const { stdout } = await runEngine(engine, ["port", name, `${port}/tcp`]);
  return stdout.trim().split("\n")[0]?.split(":").at(-1);
}

function indent(text) {
  return text
    .trim()
    .split("\n")
    .map((line) => `          ${line}`)
    .join("\n");
}

function fail(message) {
  console.error(message);
  process.exit(1);
}
