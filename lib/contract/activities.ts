import { z } from "zod";
import { LIMITS, boundedIdSchema } from "./limits";

/*
 * Activities (spec 2 CallActivity, Activity read, Verified activity entry; 3 "Activity entry"; 4.11-4.13).
 *
 * The spec shows the registration body, `activityId` of the registration result, and the six
 * fields of the verified entry. The other names are this project's, listed in docs/assumptions.md:
 * the registration result and the activity read are both `{ activityId, label, callId }`, and
 * `expiresIn` counts whole seconds (the entry lease lasts twenty).
 */

const activityLabelSchema = z.string().min(1).max(LIMITS.activityLabelMaxLength);

// CallActivity: the grant of the registering member, the app's own server-owned session key, and a label.
export const callActivitySchema = z.strictObject({
  grantId: boundedIdSchema,
  sessionKey: z.string().min(1).max(LIMITS.sessionKeyMaxLength),
  label: activityLabelSchema,
});
export type CallActivity = z.infer<typeof callActivitySchema>;

/** Registration result: an opaque `activityId` of this app and call, with the call and the label (never the session key). */
export const activityRegisteredSchema = z.strictObject({ activityId: z.string().min(1), label: activityLabelSchema, callId: z.string().min(1) });
export type ActivityRegistered = z.infer<typeof activityRegisteredSchema>;

/** Activity read (spec 4.12): the label and the call ID only, never the session key. */
export const activityReadSchema = z.strictObject({ activityId: z.string().min(1), label: activityLabelSchema, callId: z.string().min(1) });
export type ActivityRead = z.infer<typeof activityReadSchema>;

/**
 * Verified activity entry (spec 4.13): join the app's own session with `userId` and `sessionKey`.
 * `expiresIn` is whole seconds until the entry lease lapses; reread before it does (spec 3).
 */
export const activityEntrySchema = z.strictObject({
  entryId: z.string().min(1),
  activityId: z.string().min(1),
  sessionKey: z.string().min(1).max(LIMITS.sessionKeyMaxLength),
  label: activityLabelSchema,
  userId: z.string().min(1),
  expiresIn: z.number().int().min(1).max(LIMITS.activityEntryLeaseSeconds),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;
