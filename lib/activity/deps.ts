import "server-only";
import { getCallDeps, type CallDeps } from "@/lib/calls/deps";
import { getRateLimits, type RateLimits } from "@/lib/security/rate-limit";
import type { ActivityStore } from "./activity-store";
import { newSessionKey } from "./session-key";
import { getActivityStore } from "./stores";

/** What the activity functions need, injected so tests can pass a fake campus and fresh stores. */
export type ActivityDeps = CallDeps & {
  activities: ActivityStore;
  /** The app's own session key (spec 2 CallActivity): server-generated, never shown to a page. */
  newSessionKey: () => string;
  /** A member's creates and votes are rate limited (lib/security/limits.ts). */
  rateLimits: RateLimits;
};

export function getActivityDeps(): ActivityDeps {
  return {
    ...getCallDeps(),
    activities: getActivityStore(),
    newSessionKey,
    rateLimits: getRateLimits(),
  };
}
