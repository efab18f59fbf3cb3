// Gives the Redis store tests a throwaway redis-server when one is installed and REDIS_URL is not
// set, so that they run rather than skip. Without redis-server they skip and say why (`npm test`
// stops before that: its preflight needs redis-server for this stage).
import type { ChildProcess } from "node:child_process";
import { freePort } from "../e2e/support/ports";
import { findRedisServer, startRedisServer, stopServer } from "../e2e/support/servers";

let server: ChildProcess | undefined;

export async function setup() {
  if (process.env.REDIS_URL) return;
  if (!findRedisServer()) return;
  const port = await freePort();
  // On a port the system picks: one log file (server-logs/redis-unit-tests.log) whatever the port.
  server = await startRedisServer(port, "redis-unit-tests");
  // Workers start after global setup and inherit this.
  process.env.REDIS_URL = `redis://127.0.0.1:${port}`;
}

export async function teardown() {
  if (server) await stopServer(server);
}
