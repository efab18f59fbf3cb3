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
  /** A member's new activities of any kind (POST /api/activity), across all their launches. */
  activityCreateByMember: { points: 10, durationSeconds: 60 },
  /** A member's votes (POST /api/activity/vote): a vote can be changed, not sent in a loop. */
  voteByMember: { points: 60, durationSeconds: 60 },
  /** A poll's owner closing it (POST /api/activity/close): once is enough; a loop only bumps the version. */
  pollCloseByMember: { points: 10, durationSeconds: 60 },
  /** A member's notes (POST /api/activity/notes): a conversation's pace, not a flood of the shared list. */
  noteByMember: { points: 20, durationSeconds: 60 },
} as const satisfies Record<string, RateLimit>;

export type RateLimitName = keyof typeof RATE_LIMITS;

/**
 * Anonymous login states (first logins: no session needed to ask) waiting for their code, in one
 * process's memory or on the shared Redis. At 120 a minute per address and five minutes each, one
 * address holds at most 600, but an IPv6 /48 is 65,536 /64s: this bounds what many together can
 * make the app hold (about 24 MB of heap at the full room, from 10,000 /48s; far less from one
 * network, which shares its counts). Past it, a new state takes the room of the oldest state of the
 * network holding the most (lib/auth/pending-states.ts), so a flood pushes out its own states and
 * a member from another network still gets one.
 */
export const MAX_PENDING_STATES = 10_000;

/**
 * Renewal states (asked for with a live session's handle) have their own room, so a flood of
 * anonymous states never touches a signed-in member's renewal. Filling it takes that many pending
 * renewals of live sessions, each made by a member's real login, at 10 a minute per launch.
 */
export const MAX_PENDING_RENEWAL_STATES = 10_000;

/** Activities of any kind one member keeps in one call (one grant): a new one past this closes the oldest. */
export const MAX_ACTIVITIES_PER_GRANT = 5;

/** Request bodies of the app's API: every one is a few hundred bytes; a route may declare less. */
export const DEFAULT_BODY_LIMIT_BYTES = 16 * 1024;

/** A body that has not arrived by then (a Content-Length longer than what is sent) is refused. */
export const BODY_READ_TIMEOUT_MS = 10_000;
