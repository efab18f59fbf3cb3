import type { TestProject } from "vitest/node";
import { ensureBuild, startSlots } from "../../e2e/support/servers";
import { slotsOf } from "../../e2e/support/slots";

/*
 * vitest's global setup for the Firefox run: like the Chromium run's, a local campus and a
 * production app server for each worker (e2e/support/origins.ts), from the same build.
 */
export default async function setup(project: TestProject) {
  ensureBuild("Firefox run");
  const servers = await startSlots(slotsOf(project.config.maxWorkers));
  return servers.stop;
}
