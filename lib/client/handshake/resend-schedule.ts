/*
 * When the bridge posts a request again while its reply is missing: spec 5.3 sets no timing.
 * A request posted again keeps its id, and the campus answers it with the answer it gave that id,
 * never a second launch or a second code (docs/assumptions.md, "Iframe message envelope").
 */

/** The wait after each post of a request; once the last one passes, the campus did not answer. */
export type ResendSchedule = readonly number[];

/** `ready` is posted at 0, 2 and 6 s; no answer by 10 s is shown to the member, with Retry. */
export const READY_SCHEDULE: ResendSchedule = [2_000, 4_000, 4_000];

/**
 * `authenticate`: the member may take minutes on the consent dialog, which a re-sent request
 * never opens again. A reply lost on the way is asked for again at 2, 6, 14 and 30 s, then every
 * 30 s up to the state's lifetime (5 min), past which a reply is useless.
 */
export const AUTHENTICATE_SCHEDULE: ResendSchedule = [2_000, 4_000, 8_000, 16_000, ...Array<number>(9).fill(30_000)];

export function totalWaitMs(schedule: ResendSchedule): number {
  return schedule.reduce((sum, wait) => sum + wait, 0);
}
