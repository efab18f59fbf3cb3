import type { PresentationTile as TileState } from "../../lib/contract";
import { TILE_REPORT_STALE_SECONDS } from "../core/policy";
import type { CampusState } from "../state/campus-state";
import type { PresentationRecord, PresentationTile } from "../state/presentations";

export type TileHealth = { ready: boolean; visible: boolean; good: boolean; badSince: number };

/**
 * What the campus knows of a tile from its trusted tile code (spec 4.10). policy.ts: a report
 * older than TILE_REPORT_STALE_SECONDS counts as invisible (a removed tile stops reporting), and
 * a tile that never reported is neither ready nor visible. `badSince` is meaningful when not good.
 */
export function readTileHealth(tile: PresentationTile, now: number): TileHealth {
  const report = tile.lastReport;
  if (!report) return { ready: false, visible: false, good: false, badSince: tile.issuedAt };
  const staleAt = report.at + TILE_REPORT_STALE_SECONDS * 1000;
  const visible = report.visible && now < staleAt;
  const badSince = tile.badSince ?? staleAt;
  return { ready: report.ready, visible, good: report.ready && visible, badSince };
}

/** Records a report: `badSince` keeps the start of an unbroken unready or invisible stretch. */
export function recordTileReport(tile: PresentationTile, report: { ready: boolean; visible: boolean }, now: number): void {
  const good = report.ready && report.visible;
  tile.badSince = good ? null : (tile.badSince ?? now);
  tile.lastReport = { ...report, at: now };
  tile.reportedSinceCommit = true;
}

/** Spec 2 CallTile: the tile's participation is a current speaker of the presentation's call. */
export function isCurrentSpeaker(state: CampusState, callId: string, participationId: string): boolean {
  const participation = state.calls.findParticipation(participationId);
  return participation?.endedAt === null && participation.callId === callId && participation.role === "speaker";
}

export function hasSpeakers(state: CampusState, callId: string): boolean {
  const call = state.calls.findCall(callId);
  return call?.participations.some((participation) => participation.endedAt === null && participation.role === "speaker") ?? false;
}

export function toTileState(tile: PresentationTile, now: number): TileState {
  const { ready, visible } = readTileHealth(tile, now);
  return { tileId: tile.tileId, participationId: tile.participationId, ready, visible };
}

/** Spec 3 commit condition: the tiles that are not ready and visible, each with why (for the 409 message). */
export function describeUnreadyTiles(state: CampusState, presentation: PresentationRecord, now: number): string[] {
  return presentation.tiles.flatMap((tile) => {
    if (!isCurrentSpeaker(state, presentation.callId, tile.participationId)) return [`${tile.tileId} (its speaker left the stage)`];
    const health = readTileHealth(tile, now);
    if (health.good) return [];
    const why = [health.ready ? null : "not ready", health.visible ? null : "not visible"].filter(Boolean).join(", ");
    return [`${tile.tileId} (${why})`];
  });
}
