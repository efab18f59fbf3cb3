import { z } from "zod";
import { LIMITS } from "./limits";

/*
 * Spec part 2: the call resources. Where the spec does not show a field name (grant read beyond
 * status, media status, capacity, command outcome), the names here are this project's choice,
 * listed in docs/assumptions.md ("Call resources").
 */

// CallStatus: only three valid combinations exist (spec 2, 3).
export const callStatusSchema = z.union([
  z.strictObject({ inCall: z.literal(false), canAttach: z.literal(false), access: z.literal("unavailable") }),
  z.strictObject({ inCall: z.literal(true), canAttach: z.literal(true), access: z.literal("approvalRequired") }),
  z.strictObject({ inCall: z.literal(true), canAttach: z.literal(true), access: z.literal("approved") }),
]);
export type CallStatus = z.infer<typeof callStatusSchema>;

export const CALL_ACTIONS = [
  "cameraOn",
  "cameraOff",
  "unmute",
  "mute",
  "leave",
  "end",
  "stage/request",
  "stage/approve",
  "stage/reject",
  "stage/join",
  "stage/cancel",
  "stage/leave",
  "stage/demote",
  "decline",
  "cancel",
] as const;
export const callActionSchema = z.enum(CALL_ACTIONS);
export type CallAction = z.infer<typeof callActionSchema>;

/** Actions only the current host may take (spec 4.7). */
export const HOST_ONLY_ACTIONS = ["stage/approve", "stage/reject", "stage/demote", "end"] as const satisfies readonly CallAction[];
/** Actions that take a participationId as `targetId` (stage moderation). */
export const TARGETED_ACTIONS = ["stage/approve", "stage/reject", "stage/demote"] as const satisfies readonly CallAction[];

export const callRoleSchema = z.enum(["speaker", "audience"]);
export type CallRole = z.infer<typeof callRoleSchema>;

export const clientIdSchema = z
  .string()
  .min(LIMITS.clientIdMinLength)
  .max(LIMITS.clientIdMaxLength)
  .regex(/^[a-zA-Z0-9_-]+$/);

const boundedId = z.string().min(1).max(LIMITS.idMaxLength);

// CallOperation: the request body of start, accept and the grant commands. No additional fields.
export const callOperationSchema = z.strictObject({
  clientId: clientIdSchema,
  action: callActionSchema.optional(),
  targetId: boundedId.optional(),
  recipientId: boundedId.optional(),
  role: callRoleSchema.optional(),
  muted: z.boolean().optional(),
  activityId: boundedId.optional(),
});
export type CallOperation = z.infer<typeof callOperationSchema>;

// The body each endpoint or command kind accepts (spec 4 and 4.7), each a strict subset of CallOperation.
export const startBodySchema = z.strictObject({ clientId: clientIdSchema, recipientId: boundedId.optional(), role: callRoleSchema.optional() });
export const acceptBodySchema = z.strictObject({ clientId: clientIdSchema });
export const inviteBodySchema = z.strictObject({ clientId: clientIdSchema, recipientId: boundedId.optional(), role: callRoleSchema.optional() });
export const actionBodySchema = z.strictObject({ clientId: clientIdSchema, action: callActionSchema, targetId: boundedId.optional() });
export const playbackBodySchema = z.strictObject({ clientId: clientIdSchema, muted: z.boolean() });
export const activityInviteBodySchema = z.strictObject({ clientId: clientIdSchema, activityId: boundedId });

export const COMMAND_KINDS = ["invite", "action", "playback", "activityInvite"] as const;
export const commandKindSchema = z.enum(COMMAND_KINDS);
export type CommandKind = z.infer<typeof commandKindSchema>;

export const commandBodySchemas = {
  invite: inviteBodySchema,
  action: actionBodySchema,
  playback: playbackBodySchema,
  activityInvite: activityInviteBodySchema,
} as const satisfies Record<CommandKind, z.ZodType>;

// CallParticipant: all fields required; display data only, never a credential.
export const presenceSchema = z.enum(["connected", "reconnecting", "leaving"]);
export const stageStateSchema = z.enum(["none", "requested", "approved"]);
export const callParticipantSchema = z.strictObject({
  userId: z.string(),
  participationId: z.string(),
  username: z.string(),
  avatarUrl: z.string().nullable(),
  role: callRoleSchema,
  presence: presenceSchema,
  stageState: stageStateSchema,
});
export type CallParticipant = z.infer<typeof callParticipantSchema>;

// Attach: `{ grantId, status }` with status `approval` or `active`.
export const attachResultSchema = z.strictObject({ grantId: z.string().min(1), status: z.enum(["approval", "active"]) });
export type AttachResult = z.infer<typeof attachResultSchema>;

// Native media status (names chosen): the member's own devices and up to six speakers' flags.
export const speakerMediaSchema = z.strictObject({
  participationId: z.string(),
  camera: z.boolean(),
  microphone: z.boolean(),
});
export const mediaStatusSchema = z.strictObject({
  camera: z.boolean(),
  microphone: z.boolean(),
  playbackMuted: z.boolean(),
  connection: z.enum(["connected", "reconnecting"]),
  speakers: z.array(speakerMediaSchema).max(LIMITS.speakerSeats),
});
export type MediaStatus = z.infer<typeof mediaStatusSchema>;

export const capacitySchema = z.strictObject({
  members: z.number().int().nonnegative(),
  maxMembers: z.literal(LIMITS.callCapacity),
  speakerSeats: z.literal(LIMITS.speakerSeats),
  seatsTaken: z.number().int().nonnegative(),
});
export type Capacity = z.infer<typeof capacitySchema>;

/** Grant statuses: the spec shows `approval` and `active`; `denied` and `ended` are this project's. */
export const grantStatusSchema = z.enum(["approval", "active", "denied", "ended"]);
export type GrantStatus = z.infer<typeof grantStatusSchema>;

export const grantSchema = z.discriminatedUnion("status", [
  z.strictObject({ grantId: z.string(), status: z.literal("approval") }),
  z.strictObject({ grantId: z.string(), status: z.literal("denied") }),
  z.strictObject({ grantId: z.string(), status: z.literal("ended") }),
  z.strictObject({
    grantId: z.string(),
    status: z.literal("active"),
    callId: z.string(),
    participationId: z.string(),
    hostUserId: z.string(),
    role: callRoleSchema,
    stageState: stageStateSchema,
    capacity: capacitySchema,
    participants: z.array(callParticipantSchema).max(LIMITS.callCapacity),
    media: mediaStatusSchema,
  }),
]);
export type Grant = z.infer<typeof grantSchema>;
export type ActiveGrant = Extract<Grant, { status: "active" }>;

// Commands: the response to a command request, and the outcome read (names beyond the spec chosen).
export const commandStatusSchema = z.enum(["pending", "working", "applied", "declined", "failed", "expired"]);
export type CommandStatus = z.infer<typeof commandStatusSchema>;
export const TERMINAL_COMMAND_STATUSES = ["applied", "declined", "failed", "expired"] as const satisfies readonly CommandStatus[];

export const commandAcceptedSchema = z.strictObject({ commandId: z.string().min(1) });
export type CommandAccepted = z.infer<typeof commandAcceptedSchema>;
export const commandSchema = z.strictObject({
  commandId: z.string(),
  status: commandStatusSchema,
  result: z.strictObject({ code: z.string().optional(), message: z.string() }).optional(),
});
export type Command = z.infer<typeof commandSchema>;

// ── Presentations and hosted tiles (spec 2 Presentation, CallPrepare, CallTile; 3; 4.9-4.10) ──
/*
 * The spec shows only `presentationId` and `status` (and for tiles `tileId` and `url`). The
 * other fields of the commit, heartbeat and release answer (`mode`, `tiles`, `restoredReason`)
 * and the status `restored` are this project's names, listed in docs/assumptions.md.
 */

export const presentationModeSchema = z.enum(["video", "audioOnly"]);
export type PresentationMode = z.infer<typeof presentationModeSchema>;

// CallPrepare: `mode` required, no additional fields.
export const callPrepareSchema = z.strictObject({ mode: presentationModeSchema });
export type CallPrepare = z.infer<typeof callPrepareSchema>;

// CallTile: a current accepted speaker (self-view allowed), how the video fits, and whether the name shows.
export const tileFitSchema = z.enum(["cover", "contain"]);
export const callTileSchema = z.strictObject({ participationId: boundedId, fit: tileFitSchema, label: z.boolean() });
export type CallTile = z.infer<typeof callTileSchema>;

/**
 * Spec 3 "Presentation status": `preparing`, `commitRequested`, `app`, `released`; `restored` is
 * this project's name for the status after native restoration (spec: not shown). `released` and
 * `restored` are final: a new presentation must be prepared.
 */
export const PRESENTATION_STATUSES = ["preparing", "commitRequested", "app", "released", "restored"] as const;
export const presentationStatusSchema = z.enum(PRESENTATION_STATUSES);
export type PresentationStatus = z.infer<typeof presentationStatusSchema>;
export const FINAL_PRESENTATION_STATUSES = ["released", "restored"] as const satisfies readonly PresentationStatus[];

/** Why the host took a presentation back (status `restored`; names chosen). */
export const RESTORED_REASONS = [
  "launchEnded", // the app was reloaded or remounted in its campus tab (app exit)
  "registrationSaved", // a registration save ended the launch (spec 5.6)
  "consentRevoked", // the member's consent for the app was revoked or replaced
  "memberLeft", // the member's participation ended (left, rejoined, or the call ended)
  "accessLost", // the grant lost its approval otherwise (e.g. the app was unpublished)
  "tileInvalid", // a selected tile's speaker left the stage or the call
  "heartbeatMissed", // fifteen seconds without heartbeat while the campus tab was visible
  "tilesUnready", // video: a selected tile unready or invisible for fifteen seconds
] as const;
export const restoredReasonSchema = z.enum(RESTORED_REASONS);
export type RestoredReason = z.infer<typeof restoredReasonSchema>;

// Prepare answers `{ presentationId, status: "preparing" }` (spec 4).
export const presentationPreparedSchema = z.strictObject({ presentationId: z.string().min(1), status: z.literal("preparing") });
export type PresentationPrepared = z.infer<typeof presentationPreparedSchema>;

/**
 * The tile result: `url` is relative to {campus_origin} (e.g. `/tiles/<one-use token>`); resolve it
 * against the exact origin that answered the iframe handshake and mount it once (spec 4.10).
 */
export const tileResultSchema = z.strictObject({ tileId: z.string().min(1), url: z.string().min(1) });
export type TileResult = z.infer<typeof tileResultSchema>;

/** A selected tile as the campus's trusted tile code last reported it (names chosen). */
export const presentationTileSchema = z.strictObject({
  tileId: z.string(),
  participationId: z.string(),
  ready: z.boolean(),
  visible: z.boolean(),
});
export type PresentationTile = z.infer<typeof presentationTileSchema>;

/**
 * The answer of commit, heartbeat and release (spec 4: "presentation status"). `tiles` is empty in
 * audio-only mode; `restoredReason` is set exactly when `status` is `restored`.
 */
export const presentationSchema = z.strictObject({
  presentationId: z.string(),
  status: presentationStatusSchema,
  mode: presentationModeSchema,
  tiles: z.array(presentationTileSchema).max(LIMITS.tilesPerPresentation),
  restoredReason: restoredReasonSchema.nullable(),
});
export type Presentation = z.infer<typeof presentationSchema>;

// ── Activities (spec 2 CallActivity, Activity read, Verified activity entry; 3 "Activity entry"; 4.11-4.13) ──
/*
 * The spec shows the registration body, `activityId` of the registration result, and the six
 * fields of the verified entry. The other names are this project's, listed in docs/assumptions.md:
 * the registration result and the activity read are both `{ activityId, label, callId }`, and
 * `expiresIn` counts whole seconds (the entry lease lasts twenty).
 */

const activityLabelSchema = z.string().min(1).max(LIMITS.activityLabelMaxLength);

// CallActivity: the grant of the registering member, the app's own server-owned session key, and a label.
export const callActivitySchema = z.strictObject({
  grantId: boundedId,
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
