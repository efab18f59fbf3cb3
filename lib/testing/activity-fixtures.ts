// Activity fixtures: a verified entry, the campus's answers, and activity deps on a fake campus, each in one line.
import type { ActivityStore } from "@/lib/activity/activity-store";
import { enterActivity } from "@/lib/activity/enter-activity";
import { setSessionActivity } from "@/lib/activity/session-activity";
import { getVisitorSession } from "@/lib/session/get-visitor-session";
import { LIMITS, type ActivityEntry } from "@/lib/contract";
import type { ActivityDefinition, ActivityKind } from "@/lib/shared/activity-kinds";
import type { PollState } from "@/lib/shared/poll";
import type { ServerDeps } from "@/lib/server/deps";
import type { ActivityViewOf, CreateActivityRequest } from "@/lib/wire/activity-routes";
import { GRANT_ID, aCallSession, callDeps } from "./call-fixtures";
import { fakeClock } from "./fixtures";

type FakeRoute = (request: Request) => Response | Promise<Response>;

export const ACTIVITY_ID = "act_1";
export const SESSION_KEY = "k".repeat(43);

export const ENTRY_PATH = "GET /v1/apps/calls/activity-entry";
export const REGISTER_PATH = "POST /v1/apps/calls/activities";
export const ACTIVITY_PATH = `GET /v1/apps/calls/activities/${ACTIVITY_ID}`;

export function anEntry(overrides: Partial<ActivityEntry> = {}): ActivityEntry {
  return { entryId: "ent_1", activityId: ACTIVITY_ID, sessionKey: SESSION_KEY, label: "Lunch", userId: "usr_ada", expiresIn: 20, ...overrides };
}

export const registered = () => Response.json({ activityId: ACTIVITY_ID, label: "Lunch", callId: "call_1" });

/** Activity deps against a fake campus: fresh stores, a fixed session key unless told otherwise. */
export function activityDeps(options: { routes?: Record<string, FakeRoute>; now?: () => number; sessionKey?: string } = {}) {
  const { deps, campus, sleeps } = callDeps({ routes: options.routes, now: options.now });
  deps.newSessionKey = () => options.sessionKey ?? SESSION_KEY;
  return { deps, campus, sleeps };
}

/** A poll in the deps' store under SESSION_KEY, as the inviter's app made it: grace's unless told otherwise. */
export async function aPoll(deps: ServerDeps, { ownerId = "usr_grace", options = ["Soup", "Salad"] }: { ownerId?: string; options?: string[] } = {}) {
  await deps.activities.create(SESSION_KEY, { kind: "poll", label: "Lunch", question: "What for lunch?", options, ownerId, createdAt: 0 });
}

/** Shared notes in the deps' store under SESSION_KEY, as the inviter's app made them. */
export async function someNotes(deps: ServerDeps) {
  await deps.activities.create(SESSION_KEY, { kind: "notes", label: "Retro", topic: "What went well?", ownerId: "usr_grace", createdAt: 0 });
}

/** The poll a store holds under the key; undefined if it holds none (or another kind). */
export async function readPoll(store: ActivityStore, sessionKey = SESSION_KEY): Promise<PollState | undefined> {
  const state = await store.read(sessionKey);
  return state?.kind === "poll" ? state : undefined;
}

/**
 * One of each kind, as the page sends it and as it sees it: the kind-generic tests
 * (lib/wire/activity-kinds.test.ts) run each rule over every kind with these. Keyed by kind with no
 * other key: a kind added or removed does not compile here until its samples follow.
 */
export const KIND_SAMPLES = {
  poll: {
    create: { kind: "poll", label: "Lunch", question: "What for lunch?", options: ["Soup", "Salad"] },
    view: { kind: "poll", role: "guest", owner: false, label: "Lunch", question: "What for lunch?", options: ["Soup", "Salad"], votes: [], closed: false, version: 0 },
  },
  notes: {
    create: { kind: "notes", label: "Retro", topic: "What went well?" },
    view: { kind: "notes", role: "guest", owner: false, label: "Retro", topic: "What went well?", notes: [], version: 0 },
  },
} as const satisfies { [K in ActivityKind]: { create: Extract<CreateActivityRequest, { kind: K }>; view: ActivityViewOf<K> } };

/** An activity of any kind as its owner starts it: the owner and the start are the fixture's. */
type Started = ActivityDefinition extends infer D ? (D extends ActivityDefinition ? Omit<D, "ownerId" | "createdAt"> : never) : never;

/**
 * The owner as the inviter, in one line: ada's launch started `activity` (it is hers: `ownerId` is
 * the session's member) and holds it as its inviter, as createActivity leaves it, without the
 * registration. Its rechecks read the registration, which this campus answers; owner-only actions
 * pass `requireOwner`, and an inviter holds no entry lease, so its clock may jump freely.
 */
export async function asOwner(activity: Started, options: { now?: () => number } = {}) {
  const { deps, campus } = activityDeps({
    now: options.now,
    routes: { [ACTIVITY_PATH]: () => Response.json({ activityId: ACTIVITY_ID, label: activity.label, callId: "call_1" }) },
  });
  const { credentials, sid } = await aCallSession(deps, { grantId: GRANT_ID });
  const session = await getVisitorSession(credentials, deps);
  await deps.activities.create(SESSION_KEY, { ...activity, ownerId: session.member.userId, createdAt: deps.now() });
  await setSessionActivity(session, deps.activityAccess, { role: "inviter", userId: session.member.userId, activityId: ACTIVITY_ID, sessionKey: SESSION_KEY });
  return { deps, campus, credentials, sid };
}

/** Ada as a guest in `ownerId`'s activity (grace's unless told otherwise), joined through her verified entry (spec 4.13), in one line. */
export async function asGuest(activity: Started, options: { ownerId?: string; now?: () => number } = {}) {
  const { deps, campus } = activityDeps({ now: options.now, routes: { [ENTRY_PATH]: () => Response.json(anEntry()) } });
  await deps.activities.create(SESSION_KEY, { ...activity, ownerId: options.ownerId ?? "usr_grace", createdAt: deps.now() });
  const { credentials, sid } = await aCallSession(deps);
  await enterActivity(credentials, deps);
  return { deps, campus, credentials, sid };
}

/**
 * A fake clock for a guest's tests. A guest holds the activity on a twenty-second entry lease
 * (spec 3, LIMITS.activityEntryLeaseSeconds), renewed by each recheck: time moved past it with no
 * recheck ends her access, and every read answers `ended` (LEASE_LAPSED). So `advance` refuses a
 * step that long, with why; `advanceRenewing(seconds, renew)` moves as far as asked in steps
 * within the lease and renews after each, as the page does every few seconds (pass
 * `() => enterActivity(credentials, deps)`). To test the lapse itself, use fixtures.ts's fakeClock.
 */
export function guestClock(start?: number) {
  const clock = fakeClock(start);
  const step = LIMITS.activityEntryLeaseSeconds / 2;
  return {
    now: clock.now,
    advance(seconds: number) {
      if (seconds >= LIMITS.activityEntryLeaseSeconds) {
        throw new Error(
          `advance(${seconds}) passes a guest's ${LIMITS.activityEntryLeaseSeconds} s entry lease with no recheck: her reads would turn "ended". Use advanceRenewing(seconds, renew), or fakeClock to test the lapse.`,
        );
      }
      clock.advance(seconds);
    },
    async advanceRenewing(seconds: number, renew: () => Promise<unknown>) {
      for (let left = seconds; left > 0; left -= step) {
        clock.advance(Math.min(step, left));
        await renew();
      }
    },
  };
}
