import { Agent, request } from "node:http";
import { CAMPUS_ORIGIN } from "../../e2e/support/origins";
import { readRssMb } from "./load/load-run";
import { APP_URL } from "./servers";

const FLOOD_REQUESTS = 3_000;
const IN_FLIGHT = 16;
/** One client: its own loopback address, so the flood spends no other client's budget. */
const FLOOD_ADDRESS = "127.0.0.3";

/**
 * The flood: 3,000 unauthenticated login-state requests from one client as fast as the app
 * answers them, each for a new launch, with the app process's resident memory before and after.
 */
export async function measureStateFlood(appPid: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: IN_FLIGHT });
  const beforeMb = readRssMb(appPid);
  const statuses = new Map<number, number>();
  let next = 0;
  const worker = async () => {
    while (next < FLOOD_REQUESTS) {
      const status = await requestState(agent, `flood-${next++}`);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { requests: FLOOD_REQUESTS, seconds, beforeMb, afterMb: readRssMb(appPid), refused: statuses.get(429) ?? 0, granted: statuses.get(200) ?? 0 };
}

function requestState(agent: Agent, launchId: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ launchId, campusOrigin: CAMPUS_ORIGIN });
    const outgoing = request(
      `${APP_URL}/api/auth/state`,
      { method: "POST", agent, localAddress: FLOOD_ADDRESS, headers: { "content-type": "application/json", "x-campus-launch": launchId } },
      (incoming) => {
        incoming.resume();
        incoming.on("end", () => resolve(incoming.statusCode ?? 0));
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}
