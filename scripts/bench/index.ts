// `npm run bench`: figures from a production build against the local campus. It prints; it never fails on a target.
import { measureEmptyNextPage } from "./empty-next";
import { measureFirstLoadJs } from "./first-load-js";
import { measureCallView } from "./call-view";
import { measureHeartbeatLatency } from "./heartbeat-latency";
import { measureLogin } from "./login-timing";
import { APP_URL, CAMPUS_URL, ensureBuild, startServer, stopServer } from "./servers";

const root = process.cwd();
const FIRST_LOAD_TARGET_RATIO = 1.2;
const CALL_VIEW_REQUEST_BUDGET = 15;
const HEARTBEAT_ADDED_TARGET_MS = 2;

async function main() {
  await ensureBuild(root);
  const campus = await startServer("npx", ["tsx", "campus/index.ts"], `${CAMPUS_URL}/health`, { env: process.env });
  const app = await startServer("npx", ["next", "start", "--port", "3000"], `${APP_URL}/api/health`, { env: { ...process.env, NODE_ENV: "production" } });
  try {
    const appJs = await measureFirstLoadJs(APP_URL);
    const emptyJs = await measureEmptyNextPage(root);
    const login = await measureLogin();
    const callView = await measureCallView();
    const heartbeat = await measureHeartbeatLatency();

    const ratio = appJs.gzipKb / emptyJs.gzipKb;
    print("First-load JS of the app page", `${appJs.gzipKb.toFixed(1)} kB gzip in ${appJs.scripts} scripts`);
    print("First-load JS of an empty Next.js page", `${emptyJs.gzipKb.toFixed(1)} kB gzip in ${emptyJs.scripts} scripts`);
    print("  ratio", `${ratio.toFixed(2)} (target ≤ ${FIRST_LOAD_TARGET_RATIO}) ${ratio <= FIRST_LOAD_TARGET_RATIO ? "ok" : "OVER"}`);
    print("Iframe load → signed-in view", `p50 ${login.p50Ms.toFixed(0)} ms, max ${login.maxMs.toFixed(0)} ms over ${login.runs} runs`);
    print("  backend requests after the handshake", `${login.requestsAfterHandshake} (target 1) ${login.requestsAfterHandshake <= 1 ? "ok" : "OVER"}`);
    print("Call view: campus requests per visitor-minute", `${callView.requestsPerMinute} (target ≤ ${CALL_VIEW_REQUEST_BUDGET}) ${callView.requestsPerMinute <= CALL_VIEW_REQUEST_BUDGET ? "ok" : "OVER"}`);
    print("Command click → applied", `p50 ${callView.commandP50Ms} ms, max ${callView.commandMaxMs} ms`);
    print("Heartbeat through the app / straight to the campus", `p50 ${heartbeat.appP50.toFixed(2)} ms / ${heartbeat.directP50.toFixed(2)} ms over ${heartbeat.samples} each`);
    print("  added by the app", `${heartbeat.addedP50.toFixed(2)} ms, ratio ${heartbeat.ratio.toFixed(2)} (target ≤ ${HEARTBEAT_ADDED_TARGET_MS} ms) ${heartbeat.addedP50 <= HEARTBEAT_ADDED_TARGET_MS ? "ok" : "OVER"}`);
  } finally {
    stopServer(app);
    stopServer(campus);
  }
}

function print(label: string, value: string) {
  console.log(`${label.padEnd(52)} ${value}`);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
