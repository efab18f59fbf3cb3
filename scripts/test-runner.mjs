// The lanes of `npm test` (scripts/test.mjs gives them): stages run as child processes, each line
// of their output prefixed with the stage's name, and all of them stopped when the run is.
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

// A stopped run exits as a shell reports a process ended by the signal: 128 + its number.
const EXIT_CODES = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 };
// Every stage and server is gone within 10 s of the signal: SIGTERM, then SIGKILL for what is
// left after the grace (a harness stops its servers within it, e2e/support/process-groups.ts).
const GRACE_MS = 5_000;
const STOP_MS = 9_000;
const POLL_MS = 100;
// How often the run looks whether its parent is still there.
const PARENT_POLL_MS = 250;
// The lines of its output a stage's result keeps: a failed stage's are printed again at the end,
// where a CI log cut to its last lines still shows why (a failed test's error and the counts).
const TAIL_LINES = 60;
// What a run being stopped resolves to: nothing, ever, as its end is the stop's (it exits).
const STOPPED = new Promise(() => {});

/**
 * Runs the lanes side by side, the stages of a lane one after another; a stage with `after` also
 * waits for those stages of other lanes, and a stage named in `skipped` is passed over with its
 * reason. Resolves to each stage's result, lane by lane, with the last lines of its output (`tail`).
 *
 * Each stage runs in a process group of its own, so that stopping it stops what it started
 * (npx, the harness, its workers). A group of its own is also out of reach of the terminal's
 * Ctrl-C, so SIGINT, SIGTERM and SIGHUP to this process end every running stage's group, then
 * exit with 128 + the signal's number, saying what was stopped. A run whose parent has ended
 * stops as on SIGHUP: npm passes SIGTERM on to the shell that runs its script, and that shell
 * ends without passing it on to this process.
 */
export async function runLanes(lanes, skipped = new Map()) {
  const finished = new Map(lanes.flat().map(({ name }) => [name, Promise.withResolvers()]));
  const running = new Map();
  let stopping = false;

  const stop = async (signal, why = signal) => {
    if (stopping) {
      // A second Ctrl-C does not wait for the grace.
      signalGroups([...running.values()], "SIGKILL");
      return;
    }
    stopping = true;
    clearInterval(orphaned);
    const groups = [...running.values()];
    console.error(`\nnpm test: interrupted (${why}); stopping ${count(groups.length)}`);
    const left = await stopGroups(groups);
    const what = left.length ? `${count(groups.length - left.length)}; still running: process groups ${left.join(", ")}` : count(groups.length);
    console.error(`npm test: interrupted (${why}); stopped ${what}`);
    process.exit(EXIT_CODES[signal]);
  };
  const onSignal = (signal) => stop(signal);
  for (const signal of Object.keys(EXIT_CODES)) process.on(signal, onSignal);
  const parent = process.ppid;
  const orphaned = setInterval(() => process.ppid !== parent && stop("SIGHUP", "its parent process ended"), PARENT_POLL_MS);

  /** Runs a stage; each line of its output starts with its name. */
  const run = ({ name, command: [command, ...args], env = {} }) => {
    const stageStarted = performance.now();
    console.log(`\n== ${name}: ${[command, ...args].join(" ")}`);
    return new Promise((resolve) => {
      const child = spawn(command, args, { detached: true, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...env } });
      running.set(name, child.pid);
      const tail = [];
      const keep = (line) => tail.push(line) > TAIL_LINES && tail.shift();
      const relayed = [relay(child.stdout, process.stdout, name, keep), relay(child.stderr, process.stderr, name, keep)];
      child.on("exit", async (code, signal) => {
        // The group stays in `running` while it is being stopped: its other processes may outlive its leader.
        if (!stopping) running.delete(name);
        const seconds = elapsed(stageStarted);
        // Its last lines, once read; a process it left behind may hold the pipes open, so not for long.
        await Promise.race([Promise.all(relayed), new Promise((done) => setTimeout(done, 1_000))]);
        resolve({ name, code: code ?? signal, seconds, tail: [...tail] });
      });
    });
  };

  /** Runs a lane's stages one after another, each once the stages it comes `after` have finished. */
  const runLane = async (stages) => {
    const results = [];
    for (const stage of stages) {
      await Promise.all((stage.after ?? []).map((name) => finished.get(name).promise));
      // A run being stopped starts nothing more.
      if (stopping) return STOPPED;
      const reason = skipped.get(stage.name);
      if (reason) console.log(`\n== ${stage.name}: skipped (${reason})`);
      const result = reason ? { name: stage.name, code: 0, skipped: reason } : await run(stage);
      finished.get(stage.name).resolve(result);
      results.push(result);
    }
    return results;
  };

  const results = (await Promise.all(lanes.map(runLane))).flat();
  if (stopping) return STOPPED;
  clearInterval(orphaned);
  for (const signal of Object.keys(EXIT_CODES)) process.off(signal, onSignal);
  return results;
}

export function elapsed(since) {
  return ((performance.now() - since) / 1000).toFixed(1);
}

const count = (stages) => `${stages} ${stages === 1 ? "stage" : "stages"} and their servers`;

/** SIGTERM to each group, SIGKILL to those left after the grace; resolves to the groups still alive at the end. */
async function stopGroups(groups) {
  signalGroups(groups, "SIGTERM");
  const started = performance.now();
  let left = groups;
  while ((left = left.filter(groupAlive)).length && performance.now() - started < STOP_MS) {
    if (performance.now() - started >= GRACE_MS) signalGroups(left, "SIGKILL");
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return left;
}

function signalGroups(groups, signal) {
  for (const group of groups) {
    try {
      process.kill(-group, signal);
    } catch {
      // Already gone.
    }
  }
}

/**
 * Whether a process of the group still runs. A zombie is no longer running: where no process
 * reaps orphans (PID 1 in some containers), one stays listed until the machine stops.
 */
function groupAlive(group) {
  try {
    process.kill(-group, 0);
  } catch {
    return false;
  }
  let entries;
  try {
    entries = readdirSync("/proc");
  } catch {
    return true; // no /proc (macOS): the signal's answer is all there is
  }
  return entries.some((entry) => {
    if (!/^\d+$/.test(entry)) return false;
    try {
      // Fields after the command's closing parenthesis: state, ppid, pgrp.
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      return Number(pgrp) === group && state !== "Z";
    } catch {
      return false; // ended while read
    }
  });
}

/** Writes each line of `stream` to `out`, prefixed with the stage's name, and hands it to `keep`; resolves at its end. */
function relay(stream, out, name, keep) {
  let pending = "";
  const write = (line) => {
    out.write(`[${name}] ${line}\n`);
    keep(line);
  };
  stream.on("data", (chunk) => {
    const lines = (pending + chunk.toString()).split("\n");
    pending = lines.pop();
    for (const line of lines) write(line);
  });
  return new Promise((resolve) => {
    stream.on("end", () => {
      if (pending) write(pending);
      resolve();
    });
    stream.on("error", resolve);
  });
}
