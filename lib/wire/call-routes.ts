import { z } from "zod";
import {
  COMMAND_KINDS,
  actionBodySchema,
  activityInviteBodySchema,
  attachResultSchema,
  callParticipantSchema,
  callStatusSchema,
  callRoleSchema,
  capacitySchema,
  commandSchema,
  commandStatusSchema,
  inviteBodySchema,
  mediaStatusSchema,
  playbackBodySchema,
  stageStateSchema,
  startBodySchema,
} from "@/lib/contract";
import { declareRoute } from "./declare-route";

/*
 * The call routes of the app's own API (/api/call/*), between its page and its backend.
 * Requests carry no grant ID, command ID, clientId or token: the backend resolves them from the
 * visitor's session (spec 4, "Command request rules"). Strict objects, so a browser that sends
 * one anyway gets 400. No server imports.
 */

// GET /api/call/status answers the campus CallStatus as it is (lib/contract callStatusSchema).

// POST /api/call/attach: no body. The grant ID stays on the backend.
export const attachResponseSchema = attachResultSchema.omit({ grantId: true });

// GET /api/call/grant: the session's grant, or null before any attach. No grant ID or call ID.
export const grantViewSchema = z.discriminatedUnion("status", [
  z.strictObject({ status: z.literal("approval") }),
  z.strictObject({ status: z.literal("denied") }),
  z.strictObject({ status: z.literal("ended") }),
  z.strictObject({
    status: z.literal("active"),
    /** The member's own participation: marks "you" in the roster. */
    participationId: z.string(),
    hostUserId: z.string(),
    role: callRoleSchema,
    stageState: stageStateSchema,
    capacity: capacitySchema,
    participants: z.array(callParticipantSchema),
    media: mediaStatusSchema,
  }),
]);
export const grantResponseSchema = z.strictObject({ grant: grantViewSchema.nullable() });

// POST /api/call/start: the CallOperation without its clientId. POST /api/call/accept takes no input (`{}` or nothing, lib/http/define-route.ts).
export const startRequestSchema = startBodySchema.omit({ clientId: true });

/**
 * Every kind of command the page can ask for, the one list: start and accept (spec 4.5-4.6, no
 * grant) and the campus's grant command kinds (spec 4.7). The request and view schemas, the
 * call-state store's records and the page's sentences (lib/client/call/command-text.ts) derive from it.
 */
export const SESSION_COMMAND_KINDS = ["start", "accept", ...COMMAND_KINDS] as const;
export const sessionCommandKindSchema = z.enum(SESSION_COMMAND_KINDS);
export type SessionCommandKind = z.infer<typeof sessionCommandKindSchema>;

// POST /api/call/commands: one grant command kind and its payload, without a clientId.
// activityInvite names no activity: the backend sends the session's own (spec 4.13: never a browser-supplied one).
export const commandRequestSchema = z.discriminatedUnion("kind", [
  inviteBodySchema.omit({ clientId: true }).extend({ kind: z.literal("invite") }),
  actionBodySchema.omit({ clientId: true }).extend({ kind: z.literal("action") }),
  playbackBodySchema.omit({ clientId: true }).extend({ kind: z.literal("playback") }),
  activityInviteBodySchema.omit({ clientId: true, activityId: true }).extend({ kind: z.literal("activityInvite") }),
]);

/** A command of this session as the page sees it: a session-local ref, never the campus's IDs. */
export const commandViewSchema = z.strictObject({
  ref: z.string().min(1),
  kind: sessionCommandKindSchema,
  action: actionBodySchema.shape.action.optional(),
  targetId: actionBodySchema.shape.targetId,
  recipientId: inviteBodySchema.shape.recipientId,
  role: inviteBodySchema.shape.role,
  muted: z.boolean().optional(),
  status: commandStatusSchema,
  result: commandSchema.shape.result,
  createdAt: z.iso.datetime(),
});

// The answer of start, accept and POST /api/call/commands; GET /api/call/commands lists them, oldest first.
export const commandResponseSchema = z.strictObject({ command: commandViewSchema });
export const commandListResponseSchema = z.strictObject({ commands: z.array(commandViewSchema) });

export type AttachResponse = z.infer<typeof attachResponseSchema>;
export type GrantView = z.infer<typeof grantViewSchema>;
export type ActiveGrantView = Extract<GrantView, { status: "active" }>;
export type GrantResponse = z.infer<typeof grantResponseSchema>;
export type StartRequest = z.infer<typeof startRequestSchema>;
export type CommandRequest = z.infer<typeof commandRequestSchema>;
export type CommandView = z.infer<typeof commandViewSchema>;

export const callStatusRoute = declareRoute({ path: "/api/call/status", GET: { response: callStatusSchema } });
export const callAttachRoute = declareRoute({ path: "/api/call/attach", POST: { response: attachResponseSchema } });
export const callGrantRoute = declareRoute({ path: "/api/call/grant", GET: { response: grantResponseSchema } });
export const callStartRoute = declareRoute({ path: "/api/call/start", POST: { body: startRequestSchema, response: commandResponseSchema } });
export const callAcceptRoute = declareRoute({ path: "/api/call/accept", POST: { response: commandResponseSchema } });
export const callCommandsRoute = declareRoute({
  path: "/api/call/commands",
  GET: { response: commandListResponseSchema },
  POST: { body: commandRequestSchema, response: commandResponseSchema },
});
