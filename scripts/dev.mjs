// `npm run dev`: the local campus and the app side by side, one Ctrl-C stops both.
import { spawn } from "node:child_process";

const CAMPUS_URL = process.env.CAMPUS_ORIGIN ?? "http://campus.localhost:4000";

// The development server runs on the published development secret: it listens on loopback only,
// never on the machine's other addresses (`next dev` alone listens on all of them). Browsers reach
// app.localhost there; pages and API routes refuse any other Host (lib/http/input-rules.ts).
const APP_HOST = "127.0.0.1";

// Each server runs in a process group of its own, so that stopping it stops what it started too
// (npx, then tsx or next, then their workers): a SIGTERM to npx alone leaves them holding the ports.
const OWN_GROUP = process.platform !== "win32";

const children = [
  run("campus", ["npx", "tsx", "watch", "--include", "campus/page", "campus/index.ts"]),
  run("app", ["npx", "next", "dev", "--port", "3000", "--hostname", APP_HOST]),
];

function run(name, [command, ...args]) {
  const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], env: process.env, detached: OWN_GROUP });
  const prefix = `[${name}] `;
  const relay = (stream, out) =>
    stream.on("data", (chunk) => {
      for (const line of chunk.toString().split("\n")) if (line) out.write(prefix + line + "\n");
    });
  relay(child.stdout, process.stdout);
  relay(child.stderr, process.stderr);
  child.on("exit", (code) => {
    if (!stopping) {
      console.error(`${prefix}exited with code ${code}; stopping.`);
      stop(code ?? 1);
    }
  });
  return child;
}

let stopping = false;
function stop(code = 0) {
  stopping = true;
  for (const child of children) {
    try {
      if (OWN_GROUP) process.kill(-child.pid, "SIGTERM");
      else child.kill("SIGTERM");
    } catch {
      // Already gone.
    }
  }
  process.exitCode = code;
}
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));
process.on("SIGHUP", () => stop(0));

console.info(`\n  Open ${CAMPUS_URL} — the campus page with your app in its iframe.\n`);
