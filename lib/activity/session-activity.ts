import "server-only";
import { z } from "zod";
import type { VisitorSession } from "@/lib/session/get-visitor-session";
import type { Store } from "@/lib/store/ttl-store";
import { AppError } from "@/lib/errors";

/*
 * The session's access to an activity, keyed by its boundSid, the only place the session key and the
 * campus's IDs live (never the page). An inviter's access rests on its active grant and the
 * registration; a guest's on the verified entry and its lease (spec 3 "Activity entry"). Ended
 * access keeps only why, so the view can say it; the key and IDs are gone.
 */
export const activityAccessSchema = z.discriminatedUnion("role", [
  z.object({ role: z.literal("inviter"), userId: z.string(), activityId: z.string(), sessionKey: z.string() }),
  z.object({
    role: z.literal("guest"),
    /** The verified entry's userId, which is also the session's member. */
    userId: z.string(),
    entryId: z.string(),
    activityId: z.string(),
    sessionKey: z.string(),
    /** Epoch milliseconds, counted from before the read that renewed it: never later than the campus's. */
    leaseExpiresAt: z.number(),
  }),
  z.object({ role: z.literal("ended"), userId: z.string(), code: z.string(), message: z.string(), endedAt: z.number() }),
]);
export type ActivityAccess = z.infer<typeof activityAccessSchema>;

export type JoinedAccess = Extract<ActivityAccess, { role: "inviter" | "guest" }>;

/** Like the call state: a live activity outlives many 15-minute logins of one launch. */
export const ACTIVITY_ACCESS_TTL_SECONDS = 6 * 60 * 60;

export const NO_ACTIVITY = "Start an activity in this app first: invitations are to the activity you started";

/** The session's activity access as its current member may use it (a later member of the same launch inherits nothing). */
export async function getSessionActivity(session: VisitorSession, store: Store<ActivityAccess>): Promise<ActivityAccess | undefined> {
  const access = await store.get(session.boundSid);
  return access?.userId === session.member.userId ? access : undefined;
}

export function setSessionActivity(session: VisitorSession, store: Store<ActivityAccess>, access: ActivityAccess): Promise<void> {
  return store.set(session.boundSid, access, ACTIVITY_ACCESS_TTL_SECONDS);
}

/** Spec 4.7 activityInvite: the activity this session registered, never one the page names. */
export async function requireInviterActivityId(session: VisitorSession, store: Store<ActivityAccess>): Promise<string> {
  const access = await getSessionActivity(session, store);
  if (access?.role !== "inviter") throw new AppError("CALL_CONFLICT", NO_ACTIVITY);
  return access.activityId;
}
