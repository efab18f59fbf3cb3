import type { PresentationMode, PresentationStatus, RestoredReason } from "../../lib/contract";
import { FINAL_PRESENTATION_STATUSES } from "../../lib/contract";
import type { Clock } from "../core/clock";
import { createExpiringMap } from "../core/expiring-map";
import { createOpaqueSecret, createPrefixedId } from "../core/ids";
import { ENDED_PRESENTATION_RETENTION_SECONDS } from "../core/policy";
import { appendTo, removeFrom } from "./list-index";

/** What a tile document's trusted code last said (spec 6: readiness reaches the host, not the app). */
export type TileReport = { ready: boolean; visible: boolean; at: number };

/** One selected speaker tile of a presentation (spec 2 CallTile). */
export type PresentationTile = {
  tileId: string;
  presentationId: string;
  participationId: string;
  fit: "cover" | "contain";
  label: boolean;
  /** The one-use token of the newest tile URL; null once a document loaded it (spec 4.10). */
  token: string | null;
  /** Authenticates the reports of the newest document; a fresh URL replaces it. */
  secret: string;
  issuedAt: number;
  loadedAt: number | null;
  lastReport: TileReport | null;
  /** Since when the reports have said unready or invisible without a break; null while good. */
  badSince: number | null;
  /** A report arrived after the commit: the handoff waits for one from every tile (spec 3). */
  reportedSinceCommit: boolean;
};

/** A presentation (spec 2, 3): one app's use of the call's video in one campus tab. */
export type PresentationRecord = {
  presentationId: string;
  grantId: string;
  clientId: string;
  userId: string;
  launchId: string;
  tabId: string;
  callId: string;
  mode: PresentationMode;
  status: PresentationStatus;
  tiles: PresentationTile[];
  createdAt: number;
  committedAt: number | null;
  handoffAt: number | null;
  lastHeartbeatAt: number | null;
  endedAt: number | null;
  restoredReason: RestoredReason | null;
};

type PrepareInput = Pick<PresentationRecord, "grantId" | "clientId" | "userId" | "launchId" | "tabId" | "callId" | "mode">;
type TileInput = Pick<PresentationTile, "participationId" | "fit" | "label">;

export type PresentationStore = ReturnType<typeof createPresentationStore>;

const ENDED_RETENTION_MS = ENDED_PRESENTATION_RETENTION_SECONDS * 1000;

/**
 * Presentations by ID, with their tiles, and indexes so that nothing scans them all: each grant's,
 * tab's, member's and call's presentations (requests settle and read only these), the open ones (a
 * full settle walks only these) and the ended ones in the order they ended, forgotten after the retention
 * time (policy.ts), so pruning costs only what it removes.
 */
export function createPresentationStore(clock: Clock) {
  const presentations = new Map<string, PresentationRecord>();
  const tiles = new Map<string, PresentationTile>();
  const tilesByToken = new Map<string, PresentationTile>();
  const byGrant = new Map<string, PresentationRecord[]>();
  const byTab = new Map<string, PresentationRecord[]>();
  const byUser = new Map<string, PresentationRecord[]>();
  const byCall = new Map<string, PresentationRecord[]>();
  const open = new Map<string, PresentationRecord>();
  const endedInOrder = createExpiringMap<PresentationRecord>((presentation) => (presentation.endedAt ?? Infinity) + ENDED_RETENTION_MS);

  function forget(presentation: PresentationRecord) {
    presentations.delete(presentation.presentationId);
    for (const tile of presentation.tiles) {
      tiles.delete(tile.tileId);
      if (tile.token) tilesByToken.delete(tile.token);
    }
    removeFrom(byGrant, presentation.grantId, presentation);
    removeFrom(byTab, presentation.tabId, presentation);
    removeFrom(byUser, presentation.userId, presentation);
    removeFrom(byCall, presentation.callId, presentation);
  }

  return {
    openPresentation(input: PrepareInput): PresentationRecord {
      const presentation: PresentationRecord = {
        ...input,
        presentationId: createPrefixedId("prs"),
        status: "preparing",
        tiles: [],
        createdAt: clock.now(),
        committedAt: null,
        handoffAt: null,
        lastHeartbeatAt: null,
        endedAt: null,
        restoredReason: null,
      };
      presentations.set(presentation.presentationId, presentation);
      open.set(presentation.presentationId, presentation);
      appendTo(byGrant, presentation.grantId, presentation);
      appendTo(byTab, presentation.tabId, presentation);
      appendTo(byUser, presentation.userId, presentation);
      appendTo(byCall, presentation.callId, presentation);
      return presentation;
    },
    /**
     * A new one-use URL for the speaker's tile: a new tile, or (policy.ts) the same tile again with
     * a fresh token and secret, so that only the newest document loads and reports.
     */
    issueTile(presentation: PresentationRecord, input: TileInput): PresentationTile {
      const existing = presentation.tiles.find((tile) => tile.participationId === input.participationId);
      if (existing?.token) tilesByToken.delete(existing.token);
      const fresh = { token: createOpaqueSecret(), secret: createOpaqueSecret(), issuedAt: clock.now() };
      const reset = { loadedAt: null, lastReport: null, badSince: null, reportedSinceCommit: false };
      const tile: PresentationTile = existing
        ? Object.assign(existing, input, fresh, reset)
        : { ...input, ...fresh, ...reset, tileId: createPrefixedId("til"), presentationId: presentation.presentationId };
      if (!existing) {
        presentation.tiles.push(tile);
        tiles.set(tile.tileId, tile);
      }
      tilesByToken.set(fresh.token, tile);
      return tile;
    },
    /** Spends a tile URL: the first load gets the tile, any later one nothing (spec 4.10). */
    consumeTileToken(token: string): PresentationTile | undefined {
      const tile = tilesByToken.get(token);
      if (!tile) return undefined;
      tilesByToken.delete(token);
      tile.token = null;
      tile.loadedAt = clock.now();
      return tile;
    },
    findPresentation: (presentationId: string) => presentations.get(presentationId),
    findTile: (tileId: string) => tiles.get(tileId),
    listPresentations: (): PresentationRecord[] => [...presentations.values()],
    /** The presentations not yet released or restored, oldest first. */
    listOpen: (): PresentationRecord[] => [...open.values()],
    listOfGrant: (grantId: string): readonly PresentationRecord[] => byGrant.get(grantId) ?? [],
    listOfTab: (tabId: string): readonly PresentationRecord[] => byTab.get(tabId) ?? [],
    listOfUser: (userId: string): readonly PresentationRecord[] => byUser.get(userId) ?? [],
    listOfCall: (callId: string): readonly PresentationRecord[] => byCall.get(callId) ?? [],
    /**
     * Released (no reason) or restored: final, and the host shows its native presentation again.
     * It leaves the open ones and waits out the retention time.
     */
    endPresentation(presentation: PresentationRecord, at: number, reason: RestoredReason | null): void {
      if (!open.delete(presentation.presentationId)) return;
      presentation.status = reason === null ? "released" : "restored";
      presentation.endedAt = at;
      presentation.restoredReason = reason;
      endedInOrder.set(presentation.presentationId, presentation);
    },
    /** policy.ts: ended presentations, their tiles and their tile URLs are forgotten after the retention time. */
    prunePresentations() {
      endedInOrder.prune(clock.now(), forget);
    },
    /** How many records the store holds (the control API reports them). */
    countRecords: () => ({ presentations: presentations.size, openPresentations: open.size, tiles: tiles.size, tileUrls: tilesByToken.size }),
  };
}

export function isPresentationOpen(presentation: PresentationRecord): boolean {
  return !(FINAL_PRESENTATION_STATUSES as readonly PresentationStatus[]).includes(presentation.status);
}
