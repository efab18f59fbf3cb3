import { Agent, request } from "node:http";
import { APP_SERVER, CAMPUS_ORIGIN } from "../../e2e/support/origins";
import { readRssMb } from "./load/load-run";

const FLOOD_REQUESTS = 3_000;
const IN_FLIGHT = 16;
/** One client: its own loopback address, so the flood spends no other client's budget. */
const FLOOD_ADDRESS = "127.0.0.3";
/** Another client, that warms the state route up: the flood's own address starts with a whole budget. */
const WARM_UP_ADDRESS = "127.0.0.2";
const WARM_UP_REQUESTS = 3_000;

/**
 * The flood: 3,000 unauthenticated login-state requests from one client as fast as the app
 * answers them, each for a new launch, with the app process's resident memory before and after.
 */
export async function measureStateFlood(appPid: number) {
  // RSS grows under any traffic until V8's heap settles, whatever the route: warm the process
  // first, then measure the same number of health checks (which store nothing) as the baseline.
  // The warm-up sends a flood of its own from another address. Health checks alone leave the state
  // route's code (zod, iron-session, WebCrypto, the pool, the 429 answer) to the measured flood:
  // its first run compiles that code and sizes the heap for it (docs/performance.md, "The state flood").
  await hammer(WARM_UP_REQUESTS, (agent) => requestHealth(agent));
  let warmUp = 0;
  await hammer(WARM_UP_REQUESTS, (agent) => requestState(agent, WARM_UP_ADDRESS, `warm-up-${warmUp++}`));
  const baselineBeforeMb = readRssMb(appPid);
  await hammer(FLOOD_REQUESTS, (agent) => requestHealth(agent));
  const beforeMb = readRssMb(appPid);
  const started = performance.now();
  let next = 0;
  const statuses = await hammer(FLOOD_REQUESTS, (agent) => requestState(agent, FLOOD_ADDRESS, `flood-${next++}`));
  const seconds = (performance.now() - started) / 1000;
  return {
    requests: FLOOD_REQUESTS,
    seconds,
    baselineGrowthMb: beforeMb - baselineBeforeMb,
    beforeMb,
    afterMb: readRssMb(appPid),
    refused: statuses.get(429) ?? 0,
    granted: statuses.get(200) ?? 0,
  };
}

/** `requests` requests, IN_FLIGHT at a time on kept-alive connections; statuses counted. */
async function hammer(requests: number, send: (agent: Agent) => Promise<number>): Promise<Map<number, number>> {
  const agent = new Agent({ keepAlive: true, maxSockets: IN_FLIGHT });
  const statuses = new Map<number, number>();
  let sent = 0;
  const worker = async () => {
    while (sent++ < requests) {
      const status = await send(agent);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  agent.destroy();
  return statuses;
}

function requestHealth(agent: Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = request(`${APP_SERVER}/api/health`, { agent }, (incoming) => {
      incoming.resume();
      incoming.on("end", () => resolve(incoming.statusCode ?? 0));
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

function requestState(agent: Agent, localAddress: string, launchId: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ launchId, campusOrigin: CAMPUS_ORIGIN });
    const outgoing = request(
      `${APP_SERVER}/api/auth/state`,
      { method: "POST", agent, localAddress, headers: { "content-type": "application/json", "x-campus-launch": launchId } },
      (incoming) => {
        incoming.resume();
        incoming.on("end", () => resolve(incoming.statusCode ?? 0));
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}
