import type { ChildProcess } from "node:child_process";
import type { FullConfig } from "@playwright/test";
import { originsOf } from "./origins";
import { ensureBuild, startProductionServer, startRedisServer, startServer, startSlots } from "./servers";
import { slotsOf } from "./slots";

/*
 * The shared-store run's servers (playwright.redis.config.ts), per worker: the local campus, a
 * redis-server of its own on loopback without persistence (port 6400 + slot), two production app
 * processes on it (the slot's app port + 1 and + 2), and a load balancer without stickiness on the
 * slot's app port, so consecutive requests of one member go to different processes.
 */
export default async function globalSetup(config: FullConfig) {
  ensureBuild("Shared-store run");
  const servers = await startSlots(slotsOf(config.workers), startSharedStoreApp);
  return servers.stop;
}

async function startSharedStoreApp(slot: number, started: ChildProcess[]) {
  const balancerPort = originsOf(slot).appPort;
  const processPorts = [balancerPort + 1, balancerPort + 2];
  const redisPort = 6400 + slot;
  started.push(await startRedisServer(redisPort));
  const REDIS_URL = `redis://127.0.0.1:${redisPort}`;
  for (const port of processPorts) started.push(await startProductionServer(slot, port, { REDIS_URL }));
  started.push(
    await startServer("npx", ["tsx", "e2e/support/round-robin-proxy.ts"], {
      ready: `http://127.0.0.1:${balancerPort}/api/health`,
      name: `balancer-${balancerPort}`,
      env: { PROXY_PORT: String(balancerPort), PROXY_TARGETS: processPorts.join(",") },
    }),
  );
}
