import type { FullConfig } from "@playwright/test";
import { ensureBuild, startSlots } from "./servers";
import { slotsOf } from "./slots";

/** The Chromium run's servers: a local campus and a production app server for each worker. */
export default async function globalSetup(config: FullConfig) {
  ensureBuild("Chromium run");
  const servers = await startSlots(slotsOf(config.workers));
  return servers.stop;
}
