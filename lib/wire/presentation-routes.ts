import { z } from "zod";
import { LIMITS, callTileSchema, presentationModeSchema, presentationPreparedSchema, presentationSchema, tileResultSchema } from "@/lib/contract";
import { declareRoute } from "./declare-route";

/*
 * The presentation routes of the app's own API (/api/call/presentation/*). Like the other call
 * routes they carry no grant or presentation ID: the backend resolves both from the visitor's
 * session (spec 4, "Command request rules"). No server imports.
 */

export const TOO_MANY_TILES = `at most ${LIMITS.tilesPerPresentation} unique tiles per presentation`;
export const AUDIO_ONLY_HAS_NO_TILES = "an audio-only presentation has no tiles";

const participationIdsSchema = z
  .array(callTileSchema.shape.participationId)
  .max(LIMITS.tilesPerPresentation, TOO_MANY_TILES)
  .refine((ids) => new Set(ids).size === ids.length, "each participationId once");

// POST /api/call/presentation: the mode and the speakers to show (spec 2 CallPrepare, CallTile; 4.9).
export const presentationRequestSchema = z
  .strictObject({ mode: presentationModeSchema, participationIds: participationIdsSchema })
  .refine((request) => request.mode === "video" || request.participationIds.length === 0, {
    message: AUDIO_ONLY_HAS_NO_TILES,
    path: ["participationIds"],
  });

/** A tile to mount once: `url` is absolute, resolved against {campus_origin} by the backend (spec 4.10). */
export const mountableTileSchema = z.strictObject({
  tileId: tileResultSchema.shape.tileId,
  participationId: z.string(),
  url: z.url({ protocol: /^https?$/ }),
});

// Its answer: the new presentation, still `preparing`, with its tiles. The page commits once they are mounted.
export const presentationStartResponseSchema = z.strictObject({
  status: presentationPreparedSchema.shape.status,
  mode: presentationModeSchema,
  tiles: z.array(mountableTileSchema).max(LIMITS.tilesPerPresentation),
});

// POST /api/call/presentation/commit and /heartbeat (no body): the campus's presentation, without its ID.
export const presentationViewSchema = presentationSchema.omit({ presentationId: true });

/**
 * POST /api/call/presentation/heartbeat (no body): the presentation, and the grant's status an
 * answered beat implies. The campus rechecks the grant's approval and the member's participation
 * on every heartbeat (spec 4), and a grant that is no longer active answers an error the page is
 * given as it is (spec part 7). So while a presentation is live this one request every five
 * seconds tells the page both, and the page does not poll the grant beside it.
 */
export const heartbeatResponseSchema = presentationViewSchema.extend({ grant: z.strictObject({ status: z.literal("active") }) });

// POST /api/call/presentation/release (no body): the released presentation, or null when there was none.
export const presentationReleaseResponseSchema = z.strictObject({ presentation: presentationViewSchema.nullable() });

export type PresentationRequest = z.infer<typeof presentationRequestSchema>;
export type MountableTile = z.infer<typeof mountableTileSchema>;
export type PresentationStartResponse = z.infer<typeof presentationStartResponseSchema>;
export type PresentationView = z.infer<typeof presentationViewSchema>;
export type HeartbeatResponse = z.infer<typeof heartbeatResponseSchema>;
export type PresentationReleaseResponse = z.infer<typeof presentationReleaseResponseSchema>;

export const presentationRoute = declareRoute({
  path: "/api/call/presentation",
  POST: { body: presentationRequestSchema, response: presentationStartResponseSchema },
});
export const presentationCommitRoute = declareRoute({ path: "/api/call/presentation/commit", POST: { response: presentationViewSchema } });
/** Served from the Pages router (pages/api/call/presentation/heartbeat.ts), with the same rules as every other route. */
export const presentationHeartbeatRoute = declareRoute({ path: "/api/call/presentation/heartbeat", POST: { response: heartbeatResponseSchema } });
export const presentationReleaseRoute = declareRoute({ path: "/api/call/presentation/release", POST: { response: presentationReleaseResponseSchema } });
