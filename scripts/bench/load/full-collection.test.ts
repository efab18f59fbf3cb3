import { spawn } from "node:child_process";
import { mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { collectGarbage, INSPECT_PORT_FLAG, inspectorAddresses } from "./full-collection";

/** An idle process, ready for the signal once it says so, that says when the object it dropped has been collected, and allocates nothing meanwhile. */
const IDLE_WITH_GARBAGE = `
  const registry = new FinalizationRegistry(() => console.log("collected"));
  registry.register({ garbage: "x".repeat(1_000_000) }, "dropped");
  setInterval(() => {}, 60_000);
  console.log("ready");
`;

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

/** The process, with the servers' flag (on its command line, which Node reads as it reads NODE_OPTIONS) or without. */
function idleProcess({ inspectable }: { inspectable: boolean }) {
  const dir = mkdtempSync(path.join(tmpdir(), "full-collection-"));
  const [out, err] = [path.join(dir, "out.log"), path.join(dir, "err.log")];
  const flags = inspectable ? [INSPECT_PORT_FLAG] : [];
  const child = spawn(process.execPath, [...flags, "-e", IDLE_WITH_GARBAGE], { stdio: ["ignore", openSync(out, "w"), openSync(err, "w")] });
  cleanups.push(() => {
    child.kill();
    rmSync(dir, { recursive: true, force: true });
  });
  return { pid: child.pid!, stdout: () => readFileSync(out, "utf8"), stderrPath: err };
}

describe("a full collection asked of a running server", () => {
  it("collects what the idle process dropped, through the inspector it opens on the signal", async () => {
    const idle = idleProcess({ inspectable: true });
    await expect.poll(idle.stdout, { timeout: 20_000 }).toBe("ready\n");
    await collectGarbage(idle.pid, idle.stderrPath);
    await expect.poll(idle.stdout, { timeout: 20_000 }).toContain("collected");
  });

  it("says so when the process opens no inspector", async () => {
    const idle = idleProcess({ inspectable: false });
    await expect(collectGarbage(idle.pid, idle.stderrPath, { withinMs: 300, signal: () => {} })).rejects.toThrow(/opened no inspector within 0.3 s \(was it started with --inspect-port=0\?\)/);
  });

  it("reads the newest inspector's address from the log", () => {
    const log = "Ready\nDebugger listening on ws://127.0.0.1:40001/a-b\nFor help, see: https://nodejs.org/en/docs/inspector\nDebugger listening on ws://127.0.0.1:40002/c-d\n";
    expect(inspectorAddresses(log)).toEqual(["ws://127.0.0.1:40001/a-b", "ws://127.0.0.1:40002/c-d"]);
  });
});
