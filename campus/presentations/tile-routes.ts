import { timingSafeEqual } from "node:crypto";
import { Hono } from "hono";
import { z } from "zod";
import { findCallMember } from "../calls/call-members";
import type { CampusContext } from "../http/context";
import { CampusError } from "../core/errors";
import type { CampusEnv } from "../http/hono-env";
import { settleGrantPresentations } from "./restoration";
import { recordTileReport } from "./tile-health";
import { buildTileCsp, renderTileDocument, renderTileGone } from "./tile-document";
import { isPresentationOpen } from "../state/presentations";
import { validateJson } from "../core/validate-json";

const reportSchema = z.strictObject({ secret: z.string().min(1).max(128), ready: z.boolean(), visible: z.boolean() });

function secretsMatch(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The answer to a tile document's report (page/tile.ts): whether the tile still shows, and its speaker's camera. */
export type TileReportAnswer = { active: boolean; camera: boolean };

/**
 * The tile documents (spec 4.10, on the campus origin) and the reports of their trusted tile code
 * (spec 6: readiness reaches the host, never through the app), mounted at /tiles.
 */
export function createTileRoutes(context: CampusContext) {
  return new Hono<CampusEnv>()
    .get("/:token", (c) => {
      const { state } = context;
      c.header("Content-Security-Policy", buildTileCsp(state.registration.getRegistration().appOrigin, context.origin));
      c.header("X-Content-Type-Options", "nosniff");
      c.header("Referrer-Policy", "no-referrer");
      // Spec 4.10: one use; a reload or another window gets this page instead (policy.ts: 410).
      const tile = state.presentations.consumeTileToken(c.req.param("token"));
      if (!tile) return c.html(renderTileGone("This tile address was already used or is unknown: a tile URL works once. The app must request the tile again."), 410);
      const presentation = state.presentations.findPresentation(tile.presentationId);
      // policy.ts: a request settles the presentations it reads.
      if (presentation) settleGrantPresentations(state, context.clock, presentation.grantId);
      const participation = state.calls.findParticipation(tile.participationId);
      const speaker = participation && findCallMember(state, participation.userId);
      if (!presentation || !isPresentationOpen(presentation) || !participation || !speaker) {
        return c.html(renderTileGone("This tile's presentation has ended."), 410);
      }
      const name = speaker.name ?? `@${speaker.username}`;
      return c.html(
        renderTileDocument({
          tileId: tile.tileId,
          secret: tile.secret,
          fit: tile.fit,
          label: tile.label ? name : null,
          source: participation.userId === presentation.userId ? "self" : "generated",
          camera: participation.camera,
          name,
        }),
      );
    })
    .post("/:tileId/report", validateJson(reportSchema, "BAD_REQUEST"), (c) => {
      const { state, clock } = context;
      const { secret, ...report } = c.req.valid("json");
      const tile = state.presentations.findTile(c.req.param("tileId"));
      if (!tile || tile.loadedAt === null || !secretsMatch(tile.secret, secret)) {
        throw new CampusError("FORBIDDEN", 403, "This tile report is not authenticated: only the newest document of the tile may report");
      }
      const presentation = state.presentations.findPresentation(tile.presentationId);
      // policy.ts: settled before the report (a timer that ran out stays out) and after it (the handoff).
      if (presentation) settleGrantPresentations(state, clock, presentation.grantId);
      if (presentation && isPresentationOpen(presentation)) {
        recordTileReport(tile, report, clock.now());
        settleGrantPresentations(state, clock, presentation.grantId);
      }
      const participation = state.calls.findParticipation(tile.participationId);
      const answer: TileReportAnswer = { active: presentation !== undefined && isPresentationOpen(presentation), camera: participation?.camera ?? false };
      return c.json(answer);
    });
}
