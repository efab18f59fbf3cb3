import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { portOpen } from "../e2e/support/ports";

/*
 * `npm test` stopped (scripts/test-runner.mjs): by Ctrl-C, or SIGTERM to the run or to npm alone,
 * every stage it started and every server those started are gone within 10 s, and it says so.
 * The stages stand in for the end-to-end harnesses: each listens on a port and starts a server in
 * a process group of its own, as the harnesses do (test-runner-fixtures/fake-stage.ts).
 */

// The requirement: everything gone within this long of the signal.
const STOP_MS = 10_000;
// Only catches stages that never start; a loaded machine takes seconds.
const START_MS = 60_000;
const POLL_MS = 100;

const FIXTURES = path.join(import.meta.dirname, "test-runner-fixtures");
const TSX = createRequire(import.meta.url).resolve("tsx");

const listening = z.object({ pids: z.array(z.number().int()), ports: z.array(z.number().int()) });
type Listening = z.infer<typeof listening>;

const fakeStage = (name: string, options: { mode?: "stubborn"; after?: string[] } = {}) => ({
  name,
  after: options.after,
  command: [process.execPath, "--import", TSX, path.join(FIXTURES, "fake-stage.ts"), name, ...(options.mode ? [options.mode] : [])],
});

// Two lanes side by side, and a stage waiting for `first`: a run being stopped must not start it.
const LANES = (mode?: "stubborn") => [[fakeStage("first")], [fakeStage("second", { mode })], [fakeStage("later", { after: ["first"] })]];

type Run = { child: ChildProcess; output: () => string; exitCode: () => number | null; closed: Promise<void> };

let dir: string;
const started: number[] = [];

afterEach(() => {
  // A failed test leaves nothing running for the next one.
  for (const pid of started.splice(0)) {
    for (const target of [-pid, pid]) {
      try {
        process.kill(target, "SIGKILL");
      } catch {
        // already gone
      }
    }
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Starts `command` with its output kept; `detached`: in a process group of its own, as a terminal's foreground job. */
function startRun(command: string, args: string[], options: { cwd?: string; detached?: boolean } = {}): Run {
  const child = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  let code: number | null = null;
  child.on("exit", (exitCode) => (code = exitCode));
  // Once every process holding its output has ended and all of it has been read.
  const closed = new Promise<void>((resolve) => child.once("close", () => resolve()));
  if (child.pid) started.push(child.pid);
  return { child, output: () => output, exitCode: () => code, closed };
}

function writeLanes(mode?: "stubborn") {
  dir = mkdtempSync(path.join(tmpdir(), "test-runner-"));
  const file = path.join(dir, "lanes.json");
  writeFileSync(file, JSON.stringify(LANES(mode)));
  return file;
}

/** Waits until the run's two first stages listen, with their servers; the runner's pid and what they listen with. */
async function untilListening(run: Run): Promise<{ runner: number; stages: Listening[] }> {
  const deadline = performance.now() + START_MS;
  while (performance.now() < deadline) {
    const stages = [...run.output().matchAll(/^\[\w+\] listening (.+)$/gm)].map((line) => listening.parse(JSON.parse(line[1]!)));
    const runner = /^runner (\d+)$/m.exec(run.output());
    if (stages.length === 2 && runner) {
      started.push(...stages.flatMap((stage) => stage.pids));
      return { runner: Number(runner[1]), stages };
    }
    if (run.exitCode() !== null) break;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error(`the stages did not start:\n${run.output()}`);
}

/** Whether the process runs: a zombie (ended, not yet reaped by its parent) does not. */
function running(pid: number) {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return true; // no /proc (macOS): the signal's answer is all there is
  }
}

/** What still runs or listens, waited on until nothing does or the deadline passes. */
async function leftAfter(deadline: number, runner: number, stages: Listening[]) {
  const left = async () => {
    const ports = await Promise.all(stages.flatMap((stage) => stage.ports).map(async (port) => ((await portOpen(port)) ? [`port ${port} open`] : [])));
    const pids = [runner, ...stages.flatMap((stage) => stage.pids)].filter(running).map((pid) => `pid ${pid} running`);
    return [...ports.flat(), ...pids];
  };
  let now = await left();
  while (now.length && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    now = await left();
  }
  return now;
}

const STOPPED = /npm test: interrupted \((SIGINT|SIGTERM|its parent process ended)\); stopped 2 stages and their servers/;

describe("npm test stopped: every stage and server it started is gone within 10 s, and it says so", { timeout: START_MS + 2 * STOP_MS }, () => {
  it("Ctrl-C (SIGINT to the run's process group), with a stage that ignores SIGTERM ended after the grace: exit 130", async () => {
    const run = startRun(process.execPath, [path.join(FIXTURES, "run-lanes.mjs"), writeLanes("stubborn")], { detached: true });
    const { runner, stages } = await untilListening(run);
    const signalled = performance.now();
    process.kill(-run.child.pid!, "SIGINT");

    expect(await leftAfter(signalled + STOP_MS, runner, stages)).toEqual([]);
    await run.closed;
    expect(run.output()).toMatch(STOPPED);
    expect(run.output()).toContain("interrupted (SIGINT)");
    expect(run.output()).not.toContain("== later:");
    expect(run.output()).not.toContain("results ");
    expect(run.exitCode()).toBe(130);
  });

  it("SIGTERM to the run alone, as a CI timeout or a process manager sends it: exit 143", async () => {
    const run = startRun(process.execPath, [path.join(FIXTURES, "run-lanes.mjs"), writeLanes()]);
    const { runner, stages } = await untilListening(run);
    const signalled = performance.now();
    run.child.kill("SIGTERM");

    expect(await leftAfter(signalled + STOP_MS, runner, stages)).toEqual([]);
    await run.closed;
    expect(run.output()).toMatch(STOPPED);
    expect(run.output()).toContain("interrupted (SIGTERM)");
    expect(run.exitCode()).toBe(143);
  });

  it("SIGTERM to npm alone, which ends the shell running its script and leaves the run without its parent", async () => {
    const lanes = writeLanes();
    writeFileSync(path.join(dir, "package.json"), JSON.stringify({ private: true, scripts: { stages: `node ${JSON.stringify(path.join(FIXTURES, "run-lanes.mjs"))} ${JSON.stringify(lanes)}` } }));
    const npm = startRun("npm", ["run", "stages"], { cwd: dir });
    const { runner, stages } = await untilListening(npm);
    started.push(runner);
    const signalled = performance.now();
    npm.child.kill("SIGTERM");

    expect(await leftAfter(signalled + STOP_MS, runner, stages)).toEqual([]);
    await npm.closed;
    expect(npm.output()).toMatch(STOPPED);
    expect(npm.output()).not.toContain("== later:");
  });
});

describe("a failed stage's last lines", () => {
  it("are kept with its result, in order, from stdout and stderr, so that npm test can print them again at its end", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "test-runner-"));
    const file = path.join(dir, "lanes.json");
    const stage = (name: string, script: string) => ({ name, command: [process.execPath, "-e", script] });
    const lanes = [
      [stage("long", "for (let i = 0; i < 100; i++) console.log('line ' + i); process.exitCode = 3;")],
      [stage("errors", "console.error('the error'); process.exitCode = 4;")],
    ];
    writeFileSync(file, JSON.stringify(lanes));
    const run = startRun(process.execPath, [path.join(FIXTURES, "run-lanes.mjs"), file]);
    await run.closed;

    const result = z.object({ name: z.string(), code: z.number(), tail: z.array(z.string()) });
    const results = z.array(result).parse(JSON.parse(/^results (.+)$/m.exec(run.output())![1]!));
    expect(results.map(({ name, code }) => [name, code])).toEqual([["long", 3], ["errors", 4]]);
    expect(results[0]!.tail).toEqual(Array.from({ length: 60 }, (_, i) => `line ${i + 40}`));
    expect(results[1]!.tail).toEqual(["the error"]);
  });
});
