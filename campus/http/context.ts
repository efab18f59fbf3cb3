import type { Clock } from "../core/clock";
import type { CampusState } from "../state/campus-state";

/**
 * What every route reads at request time. `state` is replaced by a reset, so routes must read
 * `context.state` on each request and never keep a store in a closure.
 */
export type CampusContext = {
  /** The origin of the campus page and REST API. */
  origin: string;
  clock: Clock;
  state: CampusState;
  /** Back to the seeded members, the registration source and clock offset 0. */
  reset(): void;
};
