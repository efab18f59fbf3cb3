import { z } from "zod";
import { LIMITS } from "./limits";

/*
 * Spec part 2: the call, its status, grant, participants, actions and media. Where the spec does
 * not show a field name (grant read beyond status, media status, capacity), the names here are
 * this project's choice, listed in docs/assumptions.md ("Call resources").
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
