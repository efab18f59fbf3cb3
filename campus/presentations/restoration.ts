import type { RestoredReason } from "../../lib/contract";
import { LIMITS } from "../../lib/contract";
import type { Clock } from "../core/clock";
import { isGrantActive } from "../calls/grant-approval";
import type { CampusState } from "../state/campus-state";
import type { PresentationRecord } from "../state/presentations";
import { isPresentationOpen } from "../state/presentations";
import { isCurrentSpeaker, readTileHealth } from "./tile-health";

const TIMEOUT_MS = LIMITS.restorationTimeoutSeconds * 1000;

/** Spec 3 "authorization loss" and "app exit, reload": the launch, consent, participation and grant. */
function findAccessLoss(state: CampusState, presentation: PresentationRecord): RestoredReason | null {
  const { generation } = state.registration.getRegistration();
  const launch = state.launches.findLaunch(presentation.launchId);
  if (!launch || launch.generation !== generation || launch.endReason === "registrationSaved") return "registrationSaved";
  if (launch.endedAt !== null) return "launchEnded";
  const grant = state.grants.findGrant(presentation.grantId);
  if (!grant) return "accessLost";
  if (!state.consents.isConsentCurrent(grant.consentId, grant.userId, grant.clientId)) return "consentRevoked";
  if (state.calls.findParticipation(grant.participationId)?.endedAt !== null) return "memberLeft";
  return isGrantActive(state, grant) ? null : "accessLost";
}

/**
 * Spec 3 and 8: fifteen seconds without heartbeat, or (video) a selected tile unready or
 * invisible for fifteen seconds. Paused while the campus tab is hidden; counted again from the
 * moment it is shown (fresh grace), as from the handoff. Answers the first deadline passed.
 */
function findTimeout(state: CampusState, presentation: PresentationRecord, now: number): { reason: RestoredReason; at: number } | null {
  if (!state.tabs.isVisible(presentation.tabId)) return null;
  const graceFrom = Math.max(presentation.handoffAt ?? 0, state.tabs.shownAt(presentation.tabId) ?? 0);
  const deadlines: Array<{ reason: RestoredReason; at: number }> = [
    { reason: "heartbeatMissed", at: Math.max(graceFrom, presentation.lastHeartbeatAt ?? 0) + TIMEOUT_MS },
  ];
  for (const tile of presentation.mode === "video" ? presentation.tiles : []) {
    const health = readTileHealth(tile, now);
    if (!health.good) deadlines.push({ reason: "tilesUnready", at: Math.max(graceFrom, health.badSince) + TIMEOUT_MS });
  }
  const first = deadlines.reduce((earliest, deadline) => (deadline.at < earliest.at ? deadline : earliest));
  return now >= first.at ? first : null;
}

/**
 * Spec 3 trusted handoff: every selected tile reported ready and visible after the commit (no
 * tiles: at once). policy.ts: an older presentation of the grant in `app` is then released.
 */
function handOver(state: CampusState, presentation: PresentationRecord, now: number): void {
  if (!presentation.tiles.every((tile) => tile.reportedSinceCommit && readTileHealth(tile, now).good)) return;
  presentation.status = "app";
  presentation.handoffAt = now;
  for (const other of state.presentations.listOfGrant(presentation.grantId)) {
    if (other !== presentation && other.status === "app") state.presentations.endPresentation(other, now, null);
  }
}

function settlePresentation(state: CampusState, presentation: PresentationRecord, now: number): void {
  const lost = findAccessLoss(state, presentation);
  if (lost) return state.presentations.endPresentation(presentation, now, lost);
  if (presentation.status === "preparing") return;
  if (presentation.tiles.some((tile) => !isCurrentSpeaker(state, presentation.callId, tile.participationId))) {
    return state.presentations.endPresentation(presentation, now, "tileInvalid");
  }
  if (presentation.status === "commitRequested") return handOver(state, presentation, now);
  const timeout = findTimeout(state, presentation, now);
  if (timeout) state.presentations.endPresentation(presentation, timeout.at, timeout.reason);
}

/**
 * Every open presentation on the campus: before and after the control requests that can change
 * any of them (settle-all-around.ts), the page's registration save and each control clock
 * advance, so that the campus clock drives every timer and nothing runs in the background.
 */
export function settlePresentations(state: CampusState, clock: Clock): void {
  settleEach(state, state.presentations.listOpen(), clock.now());
}

/**
 * The presentations of one grant, before a REST call reads or changes one of them (policy.ts: a
 * REST call settles what it reads). A presentation's outcome depends on itself, its grant's other
 * presentations and the state they point at, so these reach the same status as in a full settle,
 * at the cost of a few instead of every presentation on the campus.
 */
export function settleGrantPresentations(state: CampusState, clock: Clock, grantId: string): void {
  settleEach(state, state.presentations.listOfGrant(grantId), clock.now());
}

/**
 * What a host request of one member can read or change (policy.ts): the member's own
 * presentations (launch, consent, grant, tab), and those of the call they are in and of the call
 * given (the one they were in before the request), since a role change, a leave or an end there
 * reaches other members' tiles and grants. Answers the call the member is in now.
 */
export function settleMemberPresentations(state: CampusState, clock: Clock, userId: string, callBefore?: string): string | undefined {
  settleEach(state, state.presentations.listOfUser(userId), clock.now());
  const callNow = state.calls.findCurrentParticipation(userId)?.callId;
  for (const callId of new Set([callBefore, callNow])) if (callId) settleCallPresentations(state, clock, callId);
  return callNow;
}

/** The presentations of one call: a member's request there, or a simulated member removed from it (app.ts). */
export function settleCallPresentations(state: CampusState, clock: Clock, callId: string): void {
  settleEach(state, state.presentations.listOfCall(callId), clock.now());
}

function settleEach(state: CampusState, presentations: readonly PresentationRecord[], now: number): void {
  for (const presentation of presentations) {
    if (isPresentationOpen(presentation)) settlePresentation(state, presentation, now);
  }
}

/**
 * Spec 3: hiding a campus tab pauses its presentations' timers, and showing it starts them again
 * with a fresh grace. A timer that ran out while the tab was shown ends its presentation first.
 */
export function setTabVisibility(state: CampusState, clock: Clock, tabId: string, visible: boolean): void {
  settleEach(state, state.presentations.listOfTab(tabId), clock.now());
  state.tabs.setVisibility(tabId, visible);
}
