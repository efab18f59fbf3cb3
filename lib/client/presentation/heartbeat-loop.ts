import type { PresentationView } from "@/lib/wire/presentation-routes";
import { backoffDelayMs } from "@/lib/backoff";
import { LIMITS, type PresentationStatus } from "@/lib/contract";
import { isFinalStatus } from "@/lib/shared/final-status";
import { heartbeatErrorEffect, type HeartbeatErrorStop } from "./heartbeat-errors";

/** Spec 4.9 and part 8: a heartbeat every five seconds while the visitor session is active. */
export const HEARTBEAT_INTERVAL_MS = LIMITS.heartbeatIntervalSeconds * 1000;

/**
 * Spec part 7: temporary network and server failures are retried. The wait grows but never
 * passes the interval, so a short outage never costs the fifteen seconds of foreground health.
 */
export const HEARTBEAT_RETRY = { baseDelayMs: 1_000, maxDelayMs: HEARTBEAT_INTERVAL_MS } as const;

/**
 * After a commit the handoff follows the tiles' next readiness reports (a couple of seconds), so
 * the status is read each second for at most this many beats; then every five seconds again.
 */
export const HANDOFF_BEAT_MS = 1_000;
export const HANDOFF_FAST_BEATS = 5;

export type HeartbeatStop = HeartbeatErrorStop | { reason: "ended"; view: PresentationView };

type Timers = {
  setTimeout: (run: () => void, ms: number) => ReturnType<typeof setTimeout>;
  clearTimeout: (timer: ReturnType<typeof setTimeout> | undefined) => void;
  /** A monotonic clock in milliseconds. */
  now: () => number;
};

export type HeartbeatLoopOptions = {
  beat: () => Promise<PresentationView>;
  /** Each answer while the presentation is open. */
  onView: (view: PresentationView) => void;
  /** Called once when the loop stops by itself: a final status, native restoration or access loss. */
  onStop: (stop: HeartbeatStop) => void;
  timers?: Timers;
  random?: () => number;
};

export type HeartbeatLoop = {
  /** Stops for good; an answer still in flight is dropped. */
  stop(): void;
  /** Beats now instead of at the next tick, unless one is in flight (the page became visible again). */
  beatNow(): void;
};

/** The time from one beat to the next: one second while the handoff is pending, for a few beats; else the interval. */
export function nextBeatDelayMs(status: PresentationStatus, fastBeats: number): number {
  return status === "commitRequested" && fastBeats <= HANDOFF_FAST_BEATS ? HANDOFF_BEAT_MS : HEARTBEAT_INTERVAL_MS;
}

/**
 * The heartbeat of one presentation. The first beat is one interval after the start; each next one
 * is due one interval after the previous was sent, and is sent once that one has answered (a
 * timeout chain, never an interval), so beats never overlap and an answer slower than the interval
 * is followed by the next beat at once.
 *
 * Counting from the send, not from the answer, keeps each page on its own rhythm. Counted from the
 * answer, a server that stalls for a moment answers every beat that waited on it together, and all
 * those pages beat together from then on, a crowd the server meets again every five seconds
 * (periodic senders fall into step unless something keeps them apart: Floyd and Jacobson, "The
 * Synchronization of Periodic Routing Messages", 1993). Retries after a failure still wait from
 * the failure.
 */
export function startHeartbeatLoop(options: HeartbeatLoopOptions): HeartbeatLoop {
  const timers: Timers = options.timers ?? {
    setTimeout: (run, ms) => setTimeout(run, ms),
    clearTimeout: (timer) => clearTimeout(timer),
    now: () => performance.now(),
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight = false;
  let stopped = false;
  let failures = 0;
  let fastBeats = 0;

  const schedule = (delayMs: number) => {
    timers.clearTimeout(timer);
    timer = timers.setTimeout(() => void run(), delayMs);
  };

  const finish = (stop: HeartbeatStop) => {
    stopped = true;
    options.onStop(stop);
  };

  async function run() {
    timer = undefined;
    if (stopped || inFlight) return;
    inFlight = true;
    const sentAt = timers.now();
    let delayMs: number;
    try {
      const view = await options.beat();
      if (stopped) return;
      failures = 0;
      if (isFinalStatus(view.status)) return finish({ reason: "ended", view });
      options.onView(view);
      fastBeats = view.status === "commitRequested" ? fastBeats + 1 : 0;
      delayMs = Math.max(0, nextBeatDelayMs(view.status, fastBeats) - (timers.now() - sentAt));
    } catch (error) {
      if (stopped) return;
      const effect = heartbeatErrorEffect(error);
      if (effect.kind === "stop") return finish(effect.stop);
      failures += 1;
      delayMs = effect.kind === "wait" ? effect.delayMs : backoffDelayMs(failures, HEARTBEAT_RETRY, options.random);
    } finally {
      inFlight = false;
    }
    if (delayMs > 0) schedule(delayMs);
    else void run();
  }

  schedule(HEARTBEAT_INTERVAL_MS);
  return {
    stop() {
      stopped = true;
      timers.clearTimeout(timer);
    },
    beatNow() {
      if (stopped || inFlight) return;
      timers.clearTimeout(timer);
      void run();
    },
  };
}
