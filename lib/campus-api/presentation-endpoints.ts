import "server-only";
import {
  LIMITS,
  callPrepareSchema,
  callTileSchema,
  presentationPreparedSchema,
  presentationSchema,
  tileResultSchema,
  type CallTile,
  type Presentation,
  type PresentationMode,
  type PresentationPrepared,
  type TileResult,
} from "@/lib/contract";
import { bearer, outgoing, sameId, segment } from "./contract-checks";
import { campusRequest, type CampusTransport } from "./request";

/** Spec 4 `operation` values of POST /v1/apps/calls/presentations/{id}/{operation}. */
export type PresentationOperation = "commit" | "heartbeat" | "release";

/**
 * Commit, heartbeat and release wait less than the transport's default: a heartbeat that hangs
 * must not hold up the next one past the five-second interval (spec 4.9, part 8).
 */
export const PRESENTATION_ATTEMPT_TIMEOUT_MS = (LIMITS.heartbeatIntervalSeconds * 1000 * 4) / 5;

/** The presentation endpoints of spec part 4 (4.9-4.10). Every response is validated against lib/contract. */
export type CampusPresentationsApi = {
  preparePresentation(accessToken: string, grantId: string, mode: PresentationMode): Promise<PresentationPrepared>;
  requestTile(accessToken: string, presentationId: string, tile: CallTile): Promise<TileResult>;
  commitPresentation(accessToken: string, presentationId: string): Promise<Presentation>;
  heartbeatPresentation(accessToken: string, presentationId: string): Promise<Presentation>;
  releasePresentation(accessToken: string, presentationId: string): Promise<Presentation>;
};

export function createPresentationsApi(transport: CampusTransport): CampusPresentationsApi {
  // Spec 4: "none defined" for commit, heartbeat and release, so no body at all (not even `{}`).
  const operate = async (accessToken: string, presentationId: string, operation: PresentationOperation) => {
    const presentation = await campusRequest(transport, {
      method: "POST",
      path: `/v1/apps/calls/presentations/${segment(presentationId)}/${operation}`,
      authorization: bearer(accessToken),
      schema: presentationSchema,
      timeoutMs: PRESENTATION_ATTEMPT_TIMEOUT_MS,
    });
    return sameId(presentation, presentation.presentationId, presentationId, `POST /v1/apps/calls/presentations/{id}/${operation}`);
  };

  return {
    // Spec 2 CallPrepare: `{ mode }` only; answers `{ presentationId, status: "preparing" }`.
    preparePresentation: async (accessToken, grantId, mode) =>
      campusRequest(transport, {
        method: "POST",
        path: `/v1/apps/calls/grants/${segment(grantId)}/presentations`,
        authorization: bearer(accessToken),
        body: outgoing(callPrepareSchema, { mode }, "The presentation request"),
        schema: presentationPreparedSchema,
      }),

    // Spec 2 CallTile: `{ participationId, fit, label }`; the URL is relative to {campus_origin} and one-use.
    requestTile: async (accessToken, presentationId, tile) =>
      campusRequest(transport, {
        method: "POST",
        path: `/v1/apps/calls/presentations/${segment(presentationId)}/tiles`,
        authorization: bearer(accessToken),
        body: outgoing(callTileSchema, tile, "The tile request"),
        schema: tileResultSchema,
      }),

    commitPresentation: (accessToken, presentationId) => operate(accessToken, presentationId, "commit"),
    heartbeatPresentation: (accessToken, presentationId) => operate(accessToken, presentationId, "heartbeat"),
    releasePresentation: (accessToken, presentationId) => operate(accessToken, presentationId, "release"),
  };
}
