// `npm run bench`: figures from a production build against the local campus. It prints; it never fails on a target.
import { measureEmptyNextPage } from "./empty-next";
import { measureFirstLoadJs } from "./first-load-js";
import { measureCallView } from "./call-view";
import { measureHeartbeatLatency } from "./heartbeat-latency";
import { LOAD_TARGETS, measureLoad } from "./load/load-run";
import { measureLogin } from "./login-timing";
import { APP_ENV, CAMPUS_ENV } from "../../e2e/support/local-env";
import { APP_URL, CAMPUS_URL, startServer, stopServer } from "./servers";
import { measureStateFlood } from "./state-flood";

const root = process.cwd();
const FIRST_LOAD_TARGET_RATIO = 1.2;
const CALL_VIEW_REQUEST_BUDGET = 15;
const HEARTBEAT_ADDED_TARGET_MS = 2;
const LOAD_TARGET_VISITORS = 1000;
/**
 * The issue's bar for a state flood: memory stays flat. RSS grows under any traffic while V8's
 * heap settles, so "flat" is: no more than as many health checks grow it, within this margin.
 */
const FLOOD_RSS_MARGIN_MB = 20;

async function main() {
  const campus = await startServer("npx", ["tsx", "campus/index.ts"], `${CAMPUS_URL}/health`, { env: { ...process.env, ...CAMPUS_ENV } });
  // The standalone server run by node itself, not npm, so that the child is the one app process whose
  // memory the load run reads. Production refuses the development secrets: the same local ones as
  // the end-to-end runs.
  const app = await startServer(process.execPath, ["scripts/start.mjs"], `${APP_URL}/api/health`, {
    env: { ...process.env, ...APP_ENV, NODE_ENV: "production", PORT: "3000" },
  });
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

    const flood = await measureStateFlood(app.pid!);
    const growth = flood.afterMb - flood.beforeMb;
    const floodHeld = growth <= flood.baselineGrowthMb + FLOOD_RSS_MARGIN_MB;
    print(
      `State flood: ${flood.requests} requests from one client in ${flood.seconds.toFixed(0)} s`,
      `RSS ${flood.beforeMb.toFixed(0)} → ${flood.afterMb.toFixed(0)} MB (+${growth.toFixed(0)}; as many health checks: ` +
        `+${flood.baselineGrowthMb.toFixed(0)}), ${flood.refused} answered 429 (target ≤ health + ${FLOOD_RSS_MARGIN_MB} MB) ${floodHeld ? "ok" : "OVER"}`,
    );

    // The load run takes minutes: each step prints as it ends.
    print("Load: visitors beating every 5 s and polling the grant", "one app process; each step after its visitors signed in");
    const load = await measureLoad(app.pid!, (step) =>
      print(
        `  ${step.visitors} visitors, ${step.requestsPerSecond.toFixed(0)} requests/s`,
        `p50 ${step.p50Ms.toFixed(1)} ms, p99 ${step.p99Ms.toFixed(1)} ms, longest gap ${(step.maxGapMs / 1000).toFixed(1)} s, ` +
          `${step.failures} failed, ${step.appRssMb.toFixed(0)} MB resident ${step.held ? "held" : "MISSED"}`,
      ),
    );
    print("  resident memory before the first visitor", `${load.idleRssMb.toFixed(0)} MB`);
    print(
      "  held by one process",
      `${load.held} visitors (p99 < ${LOAD_TARGETS.p99Ms} ms, no gap over ${LOAD_TARGETS.maxGapMs / 1000} s; target ≥ ${LOAD_TARGET_VISITORS}) ${load.held >= LOAD_TARGET_VISITORS ? "ok" : "UNDER"}`,
    );
    print("  presentations the campus restored for a missed heartbeat", String(load.restored));
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
