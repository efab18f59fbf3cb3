import "server-only";
import { endsCallAccess } from "@/lib/auth/check-access";
import type { PresentationBinding } from "@/lib/calls/call-state-store";
import { withCall, type CallDeps } from "@/lib/calls/with-call";
import { CAMPUS_UNAVAILABLE } from "@/lib/campus-api";
import type { CallTile } from "@/lib/contract";
import { AppError } from "@/lib/errors";
import { logWarning } from "@/lib/log";
import type { SessionCredentials } from "@/lib/session/session-credentials";
import type { VisitorSession } from "@/lib/session/get-visitor-session";
import type { MountableTile, PresentationRequest, PresentationStartResponse } from "@/lib/wire/presentation-routes";
import { resolveTileUrl } from "./tile-url";

/** How every tile shows its speaker: filling the tile, with the name (spec 2 CallTile `fit`, `label`). */
export const TILE_OPTIONS = { fit: "cover", label: true } as const satisfies Omit<CallTile, "participationId">;

/**
 * Spec 3 prepare and 4.9-4.10: releases the session's previous presentation, prepares a new one
 * for the session's grant and asks for one tile per selected speaker. The page gets each tile's
 * URL once, resolved against the session's {campus_origin}; the session keeps the presentation ID
 * and the selection, never a URL. A refused tile (a non-speaker, a seventh) abandons the new
 * presentation and the campus's message goes to the page.
 */
export function startPresentation(credentials: SessionCredentials, request: PresentationRequest, deps: CallDeps): Promise<PresentationStartResponse> {
  return withCall(credentials, deps, { scope: "calls:read", grant: "required", verify: true }, async ({ session, grantId }) => {
    await releasePrevious(session, deps);
    const { presentationId } = await deps.campus.preparePresentation(session.accessToken, grantId, request.mode);
    const binding: PresentationBinding = {
      presentationId,
      userId: session.member.userId,
      grantId,
      mode: request.mode,
      participationIds: request.participationIds,
      preparedAt: deps.now(),
    };
    await deps.callState.setPresentation(session.boundSid, binding);
    try {
      const tiles: MountableTile[] = [];
      for (const participationId of request.participationIds) tiles.push(await requestTile(session, presentationId, participationId, deps));
      return { status: "preparing", mode: request.mode, tiles };
    } catch (error) {
      await abandon(session, presentationId, deps);
      throw error;
    }
  });
}

async function requestTile(session: VisitorSession, presentationId: string, participationId: string, deps: CallDeps): Promise<MountableTile> {
  const tile = await deps.campus.requestTile(session.accessToken, presentationId, { participationId, ...TILE_OPTIONS });
  const url = resolveTileUrl(tile.url, session.campusOrigin);
  if (!url) {
    logWarning("campus.off-contract", { endpoint: "POST /v1/apps/calls/presentations/{id}/tiles", reason: "tile URL not relative to the campus origin" });
    throw new AppError("INTERNAL_SERVER_ERROR", CAMPUS_UNAVAILABLE);
  }
  return { tileId: tile.tileId, participationId, url };
}

/**
 * Spec 3: a released ID cannot commit again; to change the tile subset, prepare a new one. The old
 * one is released first, so its tiles and the new ones never compete for the member's view. Only
 * access loss stops here; anything else the host settles itself (it restores an abandoned presentation).
 */
async function releasePrevious(session: VisitorSession, deps: CallDeps) {
  const previous = await deps.callState.takePresentation(session.boundSid);
  if (previous?.userId !== session.member.userId) return;
  try {
    await deps.campus.releasePresentation(session.accessToken, previous.presentationId);
  } catch (error) {
    if (endsCallAccess(error)) throw error;
  }
}

async function abandon(session: VisitorSession, presentationId: string, deps: CallDeps) {
  await deps.callState.dropPresentation(session.boundSid, presentationId);
  await deps.campus.releasePresentation(session.accessToken, presentationId).catch(() => undefined);
}
