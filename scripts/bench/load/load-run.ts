import { execFileSync } from "node:child_process";
import { cpus } from "node:os";
import { LIMITS } from "@/lib/contract";
import { percentile } from "../stats";
import { APP_VISITORS, type Outcome, type Visitor, type VisitorKind } from "./visitor";
import { campusPresentations, controlCampus } from "../campus-control";
import { settledRssMb } from "./settled-memory";
import { collectGarbage } from "./full-collection";

const BEAT_INTERVAL_MS = LIMITS.heartbeatIntervalSeconds * 1000;
/** The targets a step must meet to count as held (issue: p99 under 100 ms, no heartbeat gap over 10 s). */
export const LOAD_TARGETS = { p99Ms: 100, maxGapMs: 10_000 } as const;
/**
 * Visitors at each step (LOAD_STEPS=4000,5000 to start higher); the run stops at the first step
 * that misses a target. The same steps for one process and for two, so their figures compare.
 */
const STEPS = process.env.LOAD_STEPS
  ? process.env.LOAD_STEPS.split(",").map(Number)
  : Array.from({ length: 12 }, (_, index) => (index + 1) * 1000);
/** Measured per step, once the step has settled (SETTLE_MS). */
const WINDOW_MS = 30_000;
/**
 * From the last visitor admitted to the window's opening: one interval for the new visitors to
 * settle into their rhythm, and one for the sign-ins' leftovers. The app's visitors sign in through
 * the app and the campus (the floor's at the campus alone), and for about five seconds after the last
 * one the app still collects more often than in its steady state (docs/performance.md, "Why a
 * missed step is measured again").
 */
const SETTLE_MS = 2 * BEAT_INTERVAL_MS;
/** Sign-ins in flight at once while a step fills up. */
const ADMISSION_CONCURRENCY = 16;

export type LoadStep = {
  visitors: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** The longest time between two answered heartbeats of one visitor in the window. */
  maxGapMs: number;
  failures: number;
  appRssMb: number;
  /** The share of the machine's cores busy in the window (every process, the campus and this load included). */
  machineBusy: number;
  /**
   * The cores each part used in the window: "app" (the app processes together), the other process
   * groups the run was given ("campus", "redis"), and "load" (this generator).
   */
  cores: Record<string, number>;
  /** Presentations the campus took back for a missed heartbeat since the step before (0 without the campus), counted after the window. */
  restored: number;
  held: boolean;
  /** A step that only warmed fresh processes up: printed, never the figure, and a miss there ends nothing. */
  warmUp: boolean;
};

/**
 * What a load run climbs: the warm-up steps first, then the steps that count, until one misses twice
 * in a row (climbPlan).
 * The run's figure is the last counted step held.
 */
export type ClimbPlan = { warmUp: readonly number[]; steps: Iterable<number> };

/**
 * Simulated visitors against the app processes given, as the presenting page behaves: each heartbeats
 * every five seconds (spec 4.9), each beat due five seconds after the previous one was sent and
 * sent once that one answered (lib/client/presentation/heartbeat-loop.ts), and polls nothing else
 * (the heartbeat answers for the grant: lib/client/call/call-refresh.ts). Visitors start at random
 * offsets, so requests spread over the interval as real visitors' would.
 */
export async function measureLoad(
  apps: LoadedServer[],
  others: WatchedProcess[],
  onStep: (step: LoadStep) => void = () => {},
  kind: VisitorKind = APP_VISITORS,
  plan: ClimbPlan = { warmUp: [], steps: STEPS },
) {
  if (kind.usesCampus) await controlCampus("/control/reset");
  const rssMb = () => apps.reduce((sum, app) => sum + readRssMb(app.pid), 0);
  // Idle memory after a full collection (full-collection.ts), once it has settled
  // (settled-memory.ts), for the floor's process as for the app's.
  await Promise.all(apps.map((app) => collectGarbage(servingPid(app.pid), app.log)));
  const idle = await settledRssMb(rssMb);
  if (!idle.settled) console.log(`  resident memory before the first visitor did not settle in ${idle.readings} readings; the last is the figure`);
  const idleRssMb = idle.rssMb;
  const running: RunningVisitor[] = [];
  const steps: LoadStep[] = [];
  const restorations = () => (kind.usesCampus ? countHeartbeatRestorations() : Promise.resolve(0));
  let restoredBefore = 0;
  const measure = async (target: number, warmUp: boolean) => {
    await admit(running, target, apps.map((app) => app.server), kind);
    await sleep(SETTLE_MS);
    const window = openWindow(running, [...apps.map(({ pid }) => ({ part: "app", pid })), ...others]);
    await sleep(WINDOW_MS);
    const step = window.close(rssMb(), warmUp);
    // Asked once the window has closed: the campus lists every presentation, which holds its loop
    // (60-90 ms at 5,000 presenting visitors).
    const restoredNow = await restorations();
    step.restored = restoredNow - restoredBefore;
    restoredBefore = restoredNow;
    steps.push(step);
    onStep(step);
    return step;
  };
  try {
    await climbPlan(plan, measure);
  } finally {
    await Promise.all(running.map((visitor) => visitor.stop()));
  }
  const lastHeld = steps.filter((step) => step.held && !step.warmUp).at(-1);
  return { steps, held: lastHeld?.visitors ?? 0, lastHeld, idleRssMb, restored: restoredUpTo(steps, lastHeld) };
}

/**
 * Presentations the campus restored up to the last step held, in every window until then: a window
 * missed and measured again still lost those visitors their presentation. Past that step the
 * process is beyond what it holds, and beats are late by definition.
 */
export function restoredUpTo(steps: readonly Pick<LoadStep, "restored">[], lastHeld: Pick<LoadStep, "restored"> | undefined): number {
  const upTo = lastHeld ? steps.indexOf(lastHeld) + 1 : 0;
  return steps.slice(0, upTo).reduce((sum, step) => sum + step.restored, 0);
}

/**
 * Measures a plan's steps in order: every warm-up step once, then the counted ones until one
 * misses. A counted step that misses is measured again with the same visitors (none admitted), and
 * missed only if that window misses too: one stall of the machine or of a collector can end a
 * window, and what a process holds is what it holds window after window (docs/performance.md,
 * "Why a missed step is measured again"). Both windows are kept.
 */
export async function climbPlan(plan: ClimbPlan, measure: (visitors: number, warmUp: boolean) => Promise<Pick<LoadStep, "held">>) {
  for (const visitors of plan.warmUp) await measure(visitors, true);
  for (const visitors of plan.steps) {
    if ((await measure(visitors, false)).held) continue;
    if (!(await measure(visitors, false)).held) return;
  }
}

/** The finer pass's steps: by 250 from the last step the first pass held. */
export const FINE_STEP = 250;

/**
 * The second pass of a climb, on fresh processes, after a first pass by 1,000 that a missed step
 * ended (none if nothing ended it). The fresh processes first climb the steps the first pass held, so
 * that they meet the finer steps as warm as the first pass's processes met theirs: sent straight to
 * a high step, a process would meet it cold (unoptimised code, a heap sized for no load). Then by
 * 250 from the last step held until one misses, past the step the first pass missed: near the edge
 * a step's p99 rests on a few stalls, and a stall that ended the first pass one step early must not
 * cap the figure below that step.
 */
export function finerPlan(first: readonly Pick<LoadStep, "visitors" | "held">[], by = FINE_STEP): ClimbPlan | undefined {
  if (first.at(-1)?.held ?? true) return undefined;
  const warmUp = first.filter((step) => step.held).map((step) => step.visitors);
  return { warmUp, steps: stepsFrom((warmUp.at(-1) ?? 0) + by, by) };
}

/** Whether LOAD_STEPS chose the steps: then they are run as given, with no finer pass. */
export const STEPS_CHOSEN = Boolean(process.env.LOAD_STEPS);

/** Steps from `first` up by `by` (until one is missed; the bound only ends a run nothing stops). */
export function* stepsFrom(first: number, by = 1000, last = 50_000): Generator<number> {
  for (let visitors = first; visitors <= last; visitors += by) yield visitors;
}

type Sample = { ms: number; ok: boolean };

type RunningVisitor = {
  /** The time of this visitor's last answered heartbeat. */
  lastBeatAt: number;
  maxGapMs: number;
  stop(): Promise<void>;
};

/** What the current window collects; visitors report into it. */
let samples: Sample[] = [];

/** Visitors go to the app processes in turn, as a balancer without stickiness would send them. */
async function admit(running: RunningVisitor[], target: number, servers: string[], kind: VisitorKind) {
  while (running.length < target) {
    const batch = Math.min(ADMISSION_CONCURRENCY, target - running.length);
    const admitted = await Promise.all(
      Array.from({ length: batch }, (_, i) => kind.admit(running.length + i + 1, servers[(running.length + i) % servers.length]!)),
    );
    for (const visitor of admitted) running.push(run(visitor, kind));
  }
}

function run(visitor: Visitor, kind: VisitorKind): RunningVisitor {
  let stopped = false;
  const loops: Promise<void>[] = [];
  const state: RunningVisitor = {
    lastBeatAt: performance.now(),
    maxGapMs: 0,
    async stop() {
      stopped = true;
      await Promise.all(loops);
    },
  };
  const loop = async (every: number, call: () => Promise<Outcome>, onOk: () => void) => {
    await sleep(Math.random() * every);
    while (!stopped) {
      const started = performance.now();
      let ok = false;
      try {
        ok = (await call()).ok;
      } catch {
        ok = false;
      }
      samples.push({ ms: performance.now() - started, ok });
      if (ok) onOk();
      // Due one interval after this one was sent, as the page's loop: a slow answer shifts no rhythm.
      if (!stopped) await sleep(Math.max(0, every - (performance.now() - started)));
    }
  };
  loops.push(
    loop(BEAT_INTERVAL_MS, () => kind.beat(visitor), () => {
      const now = performance.now();
      state.maxGapMs = Math.max(state.maxGapMs, now - state.lastBeatAt);
      state.lastBeatAt = now;
    }),
  );
  return state;
}

/**
 * A server under load: the pid leading its process group, the address visitors go to, and the file
 * its standard error goes to. It is started with INSPECTOR_ON_SIGNAL (full-collection.ts).
 */
export type LoadedServer = { pid: number; server: string; log: string };

/** A process group the load run reports the CPU of, by the part it plays; `pid` leads the group. */
export type WatchedProcess = { part: string; pid: number };

function openWindow(running: RunningVisitor[], watched: WatchedProcess[]) {
  samples = [];
  const openedAt = performance.now();
  const machineAtOpen = machineCpuTimes();
  const partsAtOpen = cpuSecondsByPart(watched);
  for (const visitor of running) visitor.maxGapMs = 0;
  return {
    close(appRssMb: number, warmUp: boolean): LoadStep {
      const closedAt = performance.now();
      const machine = machineCpuTimes();
      const machineBusy = 1 - (machine.idle - machineAtOpen.idle) / (machine.total - machineAtOpen.total);
      const seconds = (closedAt - openedAt) / 1000;
      const parts = cpuSecondsByPart(watched);
      const cores = Object.fromEntries(Object.entries(parts).map(([part, used]) => [part, (used - (partsAtOpen[part] ?? 0)) / seconds]));
      const taken = samples;
      samples = [];
      const times = taken.map((sample) => sample.ms).sort((a, b) => a - b);
      // A visitor whose heartbeat is still stuck at the end counts the wait so far as a gap.
      const maxGapMs = Math.max(...running.map((visitor) => Math.max(visitor.maxGapMs, closedAt - visitor.lastBeatAt)));
      const failures = taken.filter((sample) => !sample.ok).length;
      const p99Ms = percentile(times, 0.99);
      return {
        visitors: running.length,
        requestsPerSecond: taken.length / ((closedAt - openedAt) / 1000),
        p50Ms: percentile(times, 0.5),
        p99Ms,
        maxGapMs,
        failures,
        appRssMb,
        machineBusy,
        cores,
        restored: 0,
        held: failures === 0 && p99Ms < LOAD_TARGETS.p99Ms && maxGapMs <= LOAD_TARGETS.maxGapMs,
        warmUp,
      };
    },
  };
}

/** The campus's own account: presentations it took back for want of a heartbeat. */
async function countHeartbeatRestorations() {
  return (await campusPresentations()).filter((presentation) => presentation.restoredReason === "heartbeatMissed").length;
}

/** The machine's CPU time since boot, every core together: idle and in all (ms). */
function machineCpuTimes() {
  let idle = 0;
  let total = 0;
  for (const { times } of cpus()) {
    idle += times.idle;
    total += times.user + times.nice + times.sys + times.idle + times.irq;
  }
  return { idle, total };
}

/**
 * CPU time each part's process groups have used so far, in seconds, this load generator as "load".
 * One `ps` for all (`TIME` as [[dd-]hh:]mm:ss[.cc]); a group counts every process in it, so the
 * campus counts its `npx` and `tsx` parents too (idle once it runs).
 */
function cpuSecondsByPart(watched: WatchedProcess[]): Record<string, number> {
  const byGroup = new Map<number, number>();
  for (const line of execFileSync("ps", ["-A", "-o", "pgid=,time="]).toString().trim().split("\n")) {
    const [group = "", time = ""] = line.trim().split(/\s+/);
    const [clock = "0", days = "0"] = time.split("-").reverse();
    const seconds = Number(days) * 86_400 + clock.split(":").reduce((sum, part) => sum * 60 + Number(part), 0);
    byGroup.set(Number(group), (byGroup.get(Number(group)) ?? 0) + seconds);
  }
  const { user, system } = process.cpuUsage();
  const parts: Record<string, number> = { load: (user + system) / 1e6 };
  for (const { part, pid } of watched) parts[part] = (parts[part] ?? 0) + (byGroup.get(pid) ?? 0);
  return parts;
}

/**
 * Resident memory of a server, in MB: the largest process of the group it leads (servers are
 * started as group leaders, e2e/support/servers.ts). The app's `npm start` serves in its own
 * process; the empty app's `npx next start` serves in a child, and its launchers are small.
 */
export function readRssMb(pid: number): number {
  return largestProcess(psGroups(), pid).rssMb;
}

/** The process that serves for the group `group` leads: its largest, as readRssMb reads. */
function servingPid(group: number) {
  const { pid } = largestProcess(psGroups(), group);
  if (!pid) throw new Error(`no process is left in the group of ${group}`);
  return pid;
}

/** Every process's group, pid and resident size (kB), as `ps` gives them. */
function psGroups() {
  return execFileSync("ps", ["-A", "-o", "pgid=,pid=,rss="]).toString();
}

/** The largest process of group `group`, from `ps -o pgid=,pid=,rss=`: its pid and resident size in MB (none: pid 0, 0 MB). */
export function largestProcess(psOutput: string, group: number): { pid: number; rssMb: number } {
  let largest = { pid: 0, rssKb: 0 };
  for (const line of psOutput.trim().split("\n")) {
    const [pgid = "", pid = "0", rss = "0"] = line.trim().split(/\s+/);
    if (Number(pgid) === group && Number(rss) > largest.rssKb) largest = { pid: Number(pid), rssKb: Number(rss) };
  }
  return { pid: largest.pid, rssMb: largest.rssKb / 1024 };
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
