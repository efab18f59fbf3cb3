import type { TestProject } from "vitest/node";
import { originsOf } from "../../e2e/support/origins";
import { freePort } from "../../e2e/support/ports";
import { ensureBuild, startProductionServer, startSlots } from "../../e2e/support/servers";
import { slotsOf } from "../../e2e/support/slots";
import { startRecordingProxy } from "./recording-proxy";

/*
 * vitest's global setup for the WebKit run: like the other runs', a local campus and a production
 * app server for each worker (e2e/support/origins.ts), from the same build. The app server listens
 * on a free port behind a recording pass-through on the slot's app port (recording-proxy.ts).
 */
export default async function setup(project: TestProject) {
  ensureBuild("WebKit run");
  const proxies: { close(): Promise<void> }[] = [];
  const closeProxies = () => Promise.all(proxies.splice(0).map((proxy) => proxy.close()));
  const servers = await startSlots(slotsOf(project.config.maxWorkers), async (slot, started) => {
    const behind = await freePort();
    started.push(await startProductionServer(slot, behind));
    proxies.push(await startRecordingProxy(originsOf(slot).appPort, behind));
  }).catch(async (error: unknown) => {
    await closeProxies();
    throw error;
  });
  return async () => {
    await closeProxies();
    await servers.stop();
  };
}
