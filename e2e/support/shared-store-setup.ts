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
  // The workers start after this and inherit it: the specs that need this run's Redis run only here.
  process.env.E2E_SHARED_STORE = "1";
  const servers = await startSlots(slotsOf(config.workers), startSharedStoreApp);
  return servers.stop;
}

/** The slot's Redis, which both of its app processes share. */
export function sharedStoreRedisUrl(slot: number) {
  return `redis://127.0.0.1:${6400 + slot}`;
}

async function startSharedStoreApp(slot: number, started: ChildProcess[]) {
  const balancerPort = originsOf(slot).appPort;
  const processPorts = [balancerPort + 1, balancerPort + 2];
  started.push(await startRedisServer(6400 + slot));
  const REDIS_URL = sharedStoreRedisUrl(slot);
  for (const port of processPorts) started.push(await startProductionServer(slot, port, { REDIS_URL }));
  started.push(
    await startServer("npx", ["tsx", "e2e/support/round-robin-proxy.ts"], {
      ready: `http://127.0.0.1:${balancerPort}/api/health`,
      name: `balancer-${balancerPort}`,
      env: { PROXY_PORT: String(balancerPort), PROXY_TARGETS: processPorts.join(",") },
    }),
  );
}
