import type { ChildProcess } from "node:child_process";
import type { FullConfig } from "@playwright/test";
import { originsOf } from "./origins";
import { appEnvOf, startServer, startSlots } from "./servers";
import { slotsOf } from "./slots";

// The first request of each page and route compiles it; the server itself is up in seconds.
const DEV_START_MS = 180_000;

/** The development run's servers (playwright.dev.config.ts): per worker the local campus and `next dev`. */
export default async function globalSetup(config: FullConfig) {
  const servers = await startSlots(slotsOf(config.workers), startDevApp);
  return servers.stop;
}

async function startDevApp(slot: number, started: ChildProcess[]) {
  const { appServer, appPort } = originsOf(slot);
  // On loopback only, as `npm run dev` starts it (scripts/dev.mjs).
  started.push(await startServer("npx", ["next", "dev", "--port", String(appPort), "--hostname", "127.0.0.1"], { ready: `${appServer}/api/health`, name: `next-dev-${appPort}`, env: appEnvOf(slot), timeoutMs: DEV_START_MS }));
}
