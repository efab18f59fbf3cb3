import { z } from "zod";
import { callRoleSchema, LIMITS } from "../../lib/contract";
import { tabIdSchema } from "../core/tab-id";

export const startCallSchema = z.strictObject({ username: z.string().min(1), tabId: tabIdSchema.optional() });

export const addMembersSchema = z.union([
  z.strictObject({ username: z.string().min(1), tabId: tabIdSchema.optional(), role: callRoleSchema.optional() }),
  z.strictObject({ simulated: z.literal(true), count: z.number().int().min(1).max(LIMITS.callCapacity).default(1) }),
]);

export const answerPromptSchema = z.strictObject({
  recipientId: z.string().min(1).max(128).optional(),
  role: callRoleSchema.optional(),
  // activityInvite: the members selected in the native sheet (default: every other current member).
  recipientIds: z.array(z.string().min(1).max(128)).max(LIMITS.callCapacity).optional(),
});
