// The container engine that `npm run test:container` and the image's smoke test drive: Docker or
// Podman, whichever is present and answers. CONTAINER_ENGINE picks one and may carry the engine's
// own global flags (`CONTAINER_ENGINE="podman --runtime runc"`).
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

/** The engine's command (with its flags) and whether it is Podman, or an error saying what is missing. */
export function findEngine(env = process.env) {
  const candidates = env.CONTAINER_ENGINE?.trim() ? [env.CONTAINER_ENGINE.trim()] : ["docker", "podman"];
  const tried = [];
  for (const candidate of candidates) {
    const command = candidate.split(/\s+/);
    const [program = "", ...flags] = command;
    // `docker version` fails when the daemon does not answer; Podman needs no daemon.
    const probe = spawnSync(program, [...flags, "version"], { encoding: "utf8", env });
    if (probe.error?.code === "ENOENT") {
      tried.push(`${program}: not installed`);
      continue;
    }
    if (probe.status !== 0) {
      tried.push(`${program}: does not answer (${(probe.stderr || probe.stdout || "").trim().split("\n").at(-1)})`);
      continue;
    }
    // Podman answers to `docker` too where podman-docker is installed.
    return { command, podman: /podman/i.test(probe.stdout) };
  }
  return {
    error: [
      "No container engine: this needs Docker or Podman, installed and answering.",
      ...tried.map((line) => `  ${line}`),
      "  Install Docker (https://docs.docker.com/get-docker/) or Podman (https://podman.io/docs/installation),",
      "  or name one with CONTAINER_ENGINE (such as CONTAINER_ENGINE=podman).",
    ].join("\n"),
  };
}

/** The image a build starts from must be present or pullable; an error otherwise, saying how to make it. */
export function checkBaseImage(engine, image) {
  const present = spawnSync(engine.command[0], [...engine.command.slice(1), "image", "inspect", image], { stdio: "ignore" }).status === 0;
  if (present) return undefined;
  const pulled = spawnSync(engine.command[0], [...engine.command.slice(1), "pull", image], { stdio: "inherit" }).status === 0;
  if (pulled) return undefined;
  return `The base image ${image} is neither present nor pullable: docs/testing.md ("Running the suite in a container") says how to build it locally.`;
}

/**
 * A CA for npm inside the container, for networks whose proxy re-signs TLS: the file that
 * NODE_EXTRA_CA_CERTS names on this machine, if any. Builds take it as a secret, runs as a
 * read-only mount; it is never written into an image.
 */
export function npmCaFile(env = process.env) {
  const file = env.NODE_EXTRA_CA_CERTS;
  return file && existsSync(file) ? file : undefined;
}

/** `engine build` of `context` with `dockerfile`; Podman keeps the HEALTHCHECK only in Docker's image format. */
export function buildArgs(engine, { tag, dockerfile, context }) {
  const ca = npmCaFile();
  return [
    "build",
    ...(engine.podman ? ["--format", "docker"] : []),
    ...(ca ? ["--secret", `id=npm_ca,src=${ca}`] : []),
    ...(dockerfile ? ["-f", dockerfile] : []),
    "-t",
    tag,
    context,
  ];
}

/**
 * Runs the engine with `args`; resolves with its exit code and, unless `inherit`, what it printed:
 * `stdout` alone, and `output`, both streams as they came.
 */
export function runEngine(engine, args, { inherit = false } = {}) {
  const [program, ...flags] = engine.command;
  return new Promise((resolve) => {
    const child = spawn(program, [...flags, ...args], { stdio: inherit ? "inherit" : ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let output = "";
    child.stdout?.on("data", (chunk) => {
      stdout += chunk;
      output += chunk;
    });
    child.stderr?.on("data", (chunk) => (output += chunk));
    child.on("error", (error) => resolve({ code: 127, stdout, output: error.message }));
    child.on("exit", (code, signal) => resolve({ code: code ?? (signal ? 128 : 1), stdout, output }));
  });
}
