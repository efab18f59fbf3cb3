/*
 * Every bound on what a caller can make the app do or hold, in one place. Pure, no server imports.
 * The rates are generous enough for a classroom behind one address (thirty members signing in at
 * once is sixty requests), and tight enough that a flood from one address is refused at once.
 */

/** A fixed window: `points` requests per `durationSeconds` for one key. */
export type RateLimit = { points: number; durationSeconds: number };

export const RATE_LIMITS = {
  /** POST /api/auth/state per client address and per launch: no session is needed to call it. */
  stateByAddress: { points: 120, durationSeconds: 60 },
  stateByLaunch: { points: 10, durationSeconds: 60 },
  /** POST /api/auth/login, the same way: each call costs a code exchange at the campus. */
  loginByAddress: { points: 120, durationSeconds: 60 },
  loginByLaunch: { points: 10, durationSeconds: 60 },
  /** A member's new polls (POST /api/activity), across all their launches. */
  pollCreateByMember: { points: 10, durationSeconds: 60 },
  /** A member's votes (POST /api/activity/vote): a vote can be changed, not sent in a loop. */
  voteByMember: { points: 60, durationSeconds: 60 },
} as const satisfies Record<string, RateLimit>;

export type RateLimitName = keyof typeof RATE_LIMITS;

/**
 * Login states waiting for their code, in one process's memory: the oldest goes when a new one
 * would pass this. At 120 a minute per address and five minutes each, one address holds at most
 * 600; this bounds what many addresses together can make the process hold (about 3 MB).
 */
export const MAX_PENDING_STATES = 10_000;

/** Polls one member keeps in one call (one grant): a new one past this closes the oldest. */
export const MAX_POLLS_PER_GRANT = 5;

/** Request bodies of the app's API: every one is a few hundred bytes; a route may declare less. */
export const DEFAULT_BODY_LIMIT_BYTES = 16 * 1024;

/** A body that has not arrived by then (a Content-Length longer than what is sent) is refused. */
export const BODY_READ_TIMEOUT_MS = 10_000;
