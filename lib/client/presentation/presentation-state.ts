import type { MountableTile, PresentationView } from "@/lib/wire/presentation-routes";
import type { PresentationMode, PresentationStatus, RestoredReason } from "@/lib/contract";
import { isFinalStatus } from "@/lib/shared/final-status";
import { isStatusProgress } from "@/lib/shared/presentation-status";

/* The page's view of its presentation, and how the campus's answers change it. */

export type PresentationState = {
  /** Counts the presentations of this page: a newer one replaces every tile of an older one. */
  generation: number;
  mode: PresentationMode;
  participationIds: string[];
  status: PresentationStatus;
  restoredReason: RestoredReason | null;
  /** Each mounted once, in memory only, and dropped when the presentation ends (spec 4.10: never reused). */
  tiles: MountableTile[];
  /** The commit has answered, or given up. */
  committed: boolean;
};

/** An answer of the campus, applied only if it moves the presentation forward. */
export function withView(current: PresentationState, view: PresentationView): PresentationState {
  if (!isStatusProgress(current.status, view.status)) return current;
  return { ...current, status: view.status, restoredReason: view.restoredReason, tiles: isFinalStatus(view.status) ? [] : current.tiles };
}

export function ended(current: PresentationState, status: "released" | "restored", restoredReason: RestoredReason | null): PresentationState {
  return { ...current, status, restoredReason, tiles: [], committed: true };
}
