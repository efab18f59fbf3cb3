import type { ActiveGrantView } from "@/lib/wire/call-routes";
import { LIMITS, type CallParticipant } from "@/lib/contract";

/*
 * Which tiles the member may pick (spec 2 CallTile, 4.9): current accepted speakers, self-view
 * included, six unique at most. The campus decides; with "any participant" the picker offers the
 * whole roster and no limit, so that the campus's own refusal can be seen.
 */

/** A member on their way out of the call is no longer a current speaker. */
export function tileCandidates(grant: ActiveGrantView, anyParticipant: boolean): CallParticipant[] {
  if (anyParticipant) return grant.participants;
  return grant.participants.filter((participant) => participant.role === "speaker" && participant.presence !== "leaving");
}

/** The selection without those who are no longer candidates, in the order picked. */
export function currentSelection(selected: readonly string[], candidates: readonly CallParticipant[]): string[] {
  const ids = new Set(candidates.map((candidate) => candidate.participationId));
  return selected.filter((id) => ids.has(id));
}

export function canPickMore(selected: readonly string[], anyParticipant: boolean): boolean {
  return anyParticipant || selected.length < LIMITS.tilesPerPresentation;
}

export function toggleTile(selected: readonly string[], participationId: string, checked: boolean): string[] {
  const without = selected.filter((id) => id !== participationId);
  return checked ? [...without, participationId] : without;
}

/**
 * After native restoration: the same subset, only those still speaking (spec 3: prepare again,
 * current speakers only); when none is left, the current speakers, six at most.
 */
export function recoverySelection(previous: readonly string[], grant: ActiveGrantView): string[] {
  const speakers = tileCandidates(grant, false).map((speaker) => speaker.participationId);
  const kept = previous.filter((id) => speakers.includes(id));
  return kept.length ? kept : speakers.slice(0, LIMITS.tilesPerPresentation);
}

/** Spec 4.10: a tile is mounted only from {campus_origin}, the origin that answered the handshake. */
export function isOnCampusOrigin(url: string, campusOrigin: string): boolean {
  return URL.canParse(url) && new URL(url).origin === campusOrigin;
}
