import type { Presentation, RestoredReason } from "../../lib/contract";
import { findCallMember } from "../calls/call-members";
import { toIsoTime } from "../core/clock";
import type { CampusState } from "../state/campus-state";
import type { PresentationRecord } from "../state/presentations";
import { toTileState, readTileHealth } from "./tile-health";

const isoOrNull = (ms: number | null) => (ms === null ? null : toIsoTime(ms));

/** The answer of commit, heartbeat and release (lib/contract `presentationSchema`). */
export function toPresentation(presentation: PresentationRecord, now: number): Presentation {
  return {
    presentationId: presentation.presentationId,
    status: presentation.status,
    mode: presentation.mode,
    tiles: presentation.tiles.map((tile) => toTileState(tile, now)),
    restoredReason: presentation.restoredReason,
  };
}

/** What the native presentation of one campus tab shows (part of GET /host/call). */
export type NativePresentationView = {
  /** `compact` while a presentation of an app in this tab is in `app` (spec 3 handoff). */
  mode: "full" | "compact";
  /** Spec 4.9: incoming video stopped, speaker audio stays in the host. */
  audioOnly: boolean;
  /** The newest presentation that was handed over and has ended since: why the native one is back. */
  restored: { status: "released" | "restored"; reason: RestoredReason | null; at: string } | null;
};

export function readNativePresentation(state: CampusState, userId: string, tabId: string): NativePresentationView {
  const latest = state.presentations
    .listOfTab(tabId)
    .filter((presentation) => presentation.userId === userId && presentation.handoffAt !== null)
    .sort((a, b) => (a.handoffAt ?? 0) - (b.handoffAt ?? 0))
    .at(-1);
  if (latest?.status === "app") return { mode: "compact", audioOnly: latest.mode === "audioOnly", restored: null };
  const ended = latest && (latest.status === "released" || latest.status === "restored") ? latest : undefined;
  return {
    mode: "full",
    audioOnly: false,
    restored: ended ? { status: ended.status as "released" | "restored", reason: ended.restoredReason, at: toIsoTime(ended.endedAt ?? 0) } : null,
  };
}

/** GET /control/presentations: every presentation with its tiles and timers, for tests and demos. */
export function describePresentation(state: CampusState, presentation: PresentationRecord, now: number) {
  return {
    presentationId: presentation.presentationId,
    grantId: presentation.grantId,
    username: findCallMember(state, presentation.userId)?.username ?? null,
    tabId: presentation.tabId,
    launchId: presentation.launchId,
    tabVisible: state.tabs.isVisible(presentation.tabId),
    mode: presentation.mode,
    status: presentation.status,
    restoredReason: presentation.restoredReason,
    createdAt: toIsoTime(presentation.createdAt),
    committedAt: isoOrNull(presentation.committedAt),
    handoffAt: isoOrNull(presentation.handoffAt),
    lastHeartbeatAt: isoOrNull(presentation.lastHeartbeatAt),
    endedAt: isoOrNull(presentation.endedAt),
    tiles: presentation.tiles.map((tile) => {
      const participation = state.calls.findParticipation(tile.participationId);
      const { ready, visible } = readTileHealth(tile, now);
      return {
        tileId: tile.tileId,
        participationId: tile.participationId,
        username: participation ? (findCallMember(state, participation.userId)?.username ?? null) : null,
        fit: tile.fit,
        label: tile.label,
        ready,
        visible,
        urlUsed: tile.token === null,
        loadedAt: isoOrNull(tile.loadedAt),
        lastReportAt: isoOrNull(tile.lastReport?.at ?? null),
      };
    }),
  };
}
