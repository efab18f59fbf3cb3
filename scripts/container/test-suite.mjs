// `npm run test:container`: `npm test` (every stage, the same table at the end) in a Debian image
// with the suite's browsers, WebKit's driver and Redis, for a machine that lacks them. Arguments
// go to `npm test`. The working tree is mounted; its node_modules and .next are not used.
import path from "node:path";
import { buildArgs, checkBaseImage, findEngine, npmCaFile, runEngine } from "./engine.mjs";

const ROOT = path.resolve(import.meta.dirname, "../..");
const IMAGE = "campus-hosted-app-test";
const BASE_IMAGE = "node:24-bookworm-slim";
// Named volumes, kept between runs: the container's own install, build and npm cache.
const VOLUMES = { "node-modules": "/app/node_modules", next: "/app/.next", "npm-cache": "/npm-cache" };

const engine = findEngine();
if (engine.error) fail(engine.error);
const missingBase = checkBaseImage(engine, BASE_IMAGE);
if (missingBase) fail(missingBase);

console.log(`== test image ${IMAGE} (${engine.command.join(" ")}; the first build installs the browsers, several minutes)`);
const built = await runEngine(engine, buildArgs(engine, { tag: IMAGE, dockerfile: path.join(import.meta.dirname, "test-suite.Dockerfile"), context: import.meta.dirname }), { inherit: true });
if (built.code !== 0) fail(`The test image did not build (exit ${built.code}).`);

const ca = npmCaFile();
// Docker on Linux writes to the mounted tree as root unless told the host's user; Podman's root is
// the host's user already, and Docker Desktop maps owners itself.
const asHostUser = !engine.podman && process.platform === "linux" && process.getuid?.() !== 0;
const install = `${ca ? "NODE_EXTRA_CA_CERTS=/run/secrets/npm_ca " : ""}npm ci --no-audit --no-fund`;
const test = ["npm", "test", ...(process.argv.length > 2 ? ["--", ...process.argv.slice(2)] : [])].map(quote).join(" ");
const { code } = await runEngine(
  engine,
  [
    "run",
    "--rm",
    // The browsers share pages through /dev/shm; an engine's default 64 MB crashes their tabs.
    "--shm-size=1g",
    // No relabelling of the working tree on SELinux hosts: the container only reads and writes it.
    "--security-opt",
    "label=disable",
    "-v",
    `${ROOT}:/app`,
    ...Object.entries(VOLUMES).flatMap(([name, target]) => ["-v", `${IMAGE}-${name}:${target}`]),
    ...(ca ? ["-v", `${ca}:/run/secrets/npm_ca:ro`] : []),
    ...(asHostUser ? ["--user", `${process.getuid()}:${process.getgid()}`, "-e", "HOME=/tmp"] : []),
    IMAGE,
    "sh",
    "-c",
    `${install} && ${test}`,
  ],
  { inherit: true },
);
process.exit(code);

function fail(message) {
  console.error(message);
  process.exit(1);
}

function quote(word) {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;
}
