// Activity fixtures: a verified entry, the campus's answers, and activity deps on a fake campus, each in one line.
import type { ActivityStore } from "@/lib/activity/activity-store";
import type { ActivityEntry } from "@/lib/contract";
import type { PollState } from "@/lib/shared/poll";
import type { ServerDeps } from "@/lib/server/deps";
import { callDeps } from "./call-fixtures";

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
