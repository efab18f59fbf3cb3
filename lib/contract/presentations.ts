import { z } from "zod";
import { LIMITS, boundedIdSchema } from "./limits";

/*
 * Presentations and hosted tiles (spec 2 Presentation, CallPrepare, CallTile; 3; 4.9-4.10).
 *
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
export const callTileSchema = z.strictObject({ participationId: boundedIdSchema, fit: tileFitSchema, label: z.boolean() });
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
