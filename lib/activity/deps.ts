import "server-only";
import type { CallDeps } from "@/lib/calls/with-call";
import type { RateLimits } from "@/lib/security/rate-limit";
import type { Store } from "@/lib/store/ttl-store";
import type { ActivityStore } from "./activity-store";
import type { ActivityAccess } from "./session-activity";

/** What the activity functions need (lib/server/deps.ts builds it), injected so tests can pass a fake campus and fresh stores. */
export type ActivityDeps = CallDeps & {
  /** The session's activity access, by sid (lib/activity/session-activity.ts). */
  activityAccess: Store<ActivityAccess>;
  activities: ActivityStore;
  /** The app's own session key (spec 2 CallActivity): server-generated, never shown to a page. */
  newSessionKey: () => string;
  /** A member's new activities and each action are rate limited (lib/shared/app-limits.ts). */
  rateLimits: RateLimits;
};
