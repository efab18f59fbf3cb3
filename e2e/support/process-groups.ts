import type { ChildProcess } from "node:child_process";

/*
 * The servers and browsers a harness starts run in process groups of their own (`detached`), so
 * that stopping one stops what it started. That puts them out of reach of a signal to the
 * harness's group: Ctrl-C, or `npm test` stopping a stage (scripts/test-runner.mjs). So the
 * harness ends them itself when it exits or is signalled, even where it would skip its teardown.
 */

const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
// Within the grace `npm test` gives a stage before SIGKILL (scripts/test-runner.mjs).
const STOP_MS = 3_000;
const POLL_MS = 50;

const groups = new Set<number>();
let installed = false;

/** Ends the child's process group when this process exits or is signalled, unless it has ended first. */
export function endWithThisProcess(child: ChildProcess) {
  const group = child.pid;
  if (group === undefined) return;
  groups.add(group);
  child.once("exit", () => groups.delete(group));
  if (installed) return;
  installed = true;
  process.once("exit", () => signalGroups("SIGTERM"));
  // First in line, so that it sees whether another listener (the test runner's own) answers the signal.
  for (const signal of SIGNALS) process.prependListener(signal, onSignal);
}

async function onSignal(signal: NodeJS.Signals) {
  const answeredElsewhere = process.listenerCount(signal) > 1;
  signalGroups("SIGTERM");
  if (answeredElsewhere) return;
  // Nothing else here answers the signal: once the groups are gone, this process ends by it, as it
  // would have without this listener.
  const deadline = performance.now() + STOP_MS;
  while ([...groups].some(groupAlive) && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  signalGroups("SIGKILL");
  for (const each of SIGNALS) process.off(each, onSignal);
  process.kill(process.pid, signal);
}

function signalGroups(signal: NodeJS.Signals) {
  for (const group of groups) {
    try {
      process.kill(-group, signal);
    } catch {
      groups.delete(group); // already gone
    }
  }
}

function groupAlive(group: number) {
  try {
    process.kill(-group, 0);
    return true;
  } catch {
    return false;
  }
}
