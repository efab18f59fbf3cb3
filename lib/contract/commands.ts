import { z } from "zod";
import { LIMITS, boundedIdSchema } from "./limits";
import { callActionSchema, callRoleSchema } from "./call";

/*
 * Spec part 2 CallOperation and Command, 4.5-4.8: what start, accept and the grant commands send,
 * and the outcome a command reports. The outcome's names beyond the spec are this project's,
 * listed in docs/assumptions.md ("Call resources").
 */

export const clientIdSchema = z
  .string()
  .min(LIMITS.clientIdMinLength)
  .max(LIMITS.clientIdMaxLength)
  .regex(/^[a-zA-Z0-9_-]+$/);


// CallOperation: the request body of start, accept and the grant commands. No additional fields.
export const callOperationSchema = z.strictObject({
  clientId: clientIdSchema,
  action: callActionSchema.optional(),
  targetId: boundedIdSchema.optional(),
  recipientId: boundedIdSchema.optional(),
  role: callRoleSchema.optional(),
  muted: z.boolean().optional(),
  activityId: boundedIdSchema.optional(),
});
export type CallOperation = z.infer<typeof callOperationSchema>;

// The body each endpoint or command kind accepts (spec 4 and 4.7), each a strict subset of CallOperation.
export const startBodySchema = z.strictObject({ clientId: clientIdSchema, recipientId: boundedIdSchema.optional(), role: callRoleSchema.optional() });
export const acceptBodySchema = z.strictObject({ clientId: clientIdSchema });
export const inviteBodySchema = z.strictObject({ clientId: clientIdSchema, recipientId: boundedIdSchema.optional(), role: callRoleSchema.optional() });
export const actionBodySchema = z.strictObject({ clientId: clientIdSchema, action: callActionSchema, targetId: boundedIdSchema.optional() });
export const playbackBodySchema = z.strictObject({ clientId: clientIdSchema, muted: z.boolean() });
export const activityInviteBodySchema = z.strictObject({ clientId: clientIdSchema, activityId: boundedIdSchema });

export const COMMAND_KINDS = ["invite", "action", "playback", "activityInvite"] as const;
export const commandKindSchema = z.enum(COMMAND_KINDS);
export type CommandKind = z.infer<typeof commandKindSchema>;

export const commandBodySchemas = {
  invite: inviteBodySchema,
  action: actionBodySchema,
  playback: playbackBodySchema,
  activityInvite: activityInviteBodySchema,
} as const satisfies Record<CommandKind, z.ZodType>;


// Commands: the response to a command request, and the outcome read (names beyond the spec chosen).
export const COMMAND_STATUSES = ["pending", "working", "applied", "declined", "failed", "expired"] as const;
export const commandStatusSchema = z.enum(COMMAND_STATUSES);
export type CommandStatus = z.infer<typeof commandStatusSchema>;
export const FINAL_COMMAND_STATUSES = ["applied", "declined", "failed", "expired"] as const satisfies readonly CommandStatus[];

export const commandAcceptedSchema = z.strictObject({ commandId: z.string().min(1) });
export type CommandAccepted = z.infer<typeof commandAcceptedSchema>;
export const commandSchema = z.strictObject({
  commandId: z.string(),
  status: commandStatusSchema,
  result: z.strictObject({ code: z.string().optional(), message: z.string() }).optional(),
});
export type Command = z.infer<typeof commandSchema>;
