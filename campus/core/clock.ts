/**
 * The campus clock: real time plus an offset that the control API advances.
 * Every expiry (codes, tokens, and later leases and commands) reads this clock, never Date.now(),
 * so that tests and demos can jump past a lifetime instead of waiting for it.
 */
export type Clock = {
  /** Milliseconds since the epoch, campus time. */
  now(): number;
  advance(seconds: number): void;
  reset(): void;
  offsetSeconds(): number;
};

export function createClock(readRealTime: () => number = Date.now): Clock {
  let offsetMs = 0;
  return {
    now: () => readRealTime() + offsetMs,
    advance: (seconds) => {
      offsetMs += seconds * 1000;
    },
    reset: () => {
      offsetMs = 0;
    },
    offsetSeconds: () => offsetMs / 1000,
  };
}

export function toIsoTime(ms: number): string {
  return new Date(ms).toISOString();
}

/** A credential is valid strictly before its expiry instant (policy.ts: at exactly 60 s a code is expired). */
export function hasExpired(clock: Clock, expiresAt: number): boolean {
  return clock.now() >= expiresAt;
}
