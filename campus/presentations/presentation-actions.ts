import type { CallTile, Presentation, PresentationMode, PresentationPrepared, TileResult } from "../../lib/contract";
import { LIMITS } from "../../lib/contract";
import type { CallAccess } from "../calls/call-access";
import type { Clock } from "../core/clock";
import { restError } from "../core/errors";
import type { CampusState } from "../state/campus-state";
import type { PresentationRecord } from "../state/presentations";
import { isPresentationOpen } from "../state/presentations";
import type { ActiveGrant } from "../calls/grant-approval";
import { toPresentation } from "./presentation-read";
import { describeUnreadyTiles, hasSpeakers, isCurrentSpeaker } from "./tile-health";

const callConflict = (message: string) => restError("CALL_CONFLICT", message);
const badSpeakerSelection = (detail: string) => restError("BAD_USER_INPUT", `bad speaker selection: ${detail}`);

/**
 * Spec 3 prepare: `preparing`, the native presentation stays usable. policy.ts: the grant's other
 * presentations still preparing or committing are released (one in `app` stays until this one takes over).
 */
export function preparePresentation(
  state: CampusState,
  clock: Clock,
  input: ActiveGrant & { access: CallAccess; mode: PresentationMode },
): PresentationPrepared {
  const { access, grant, participation, mode } = input;
  for (const other of state.presentations.listOfGrant(grant.grantId)) {
    if (other.status === "preparing" || other.status === "commitRequested") state.presentations.endPresentation(other, clock.now(), null);
  }
  const presentation = state.presentations.openPresentation({
    grantId: grant.grantId,
    clientId: access.token.clientId,
    userId: access.member.userId,
    launchId: access.launch.launchId,
    tabId: access.launch.tabId,
    callId: participation.callId,
    mode,
  });
  return { presentationId: presentation.presentationId, status: "preparing" };
}

/**
 * Spec 2 CallTile and 4.9: video mode only (400), while preparing (409), a current accepted
 * speaker of the call (self-view included), at most six unique tiles (400 "bad speaker selection",
 * spec 7). policy.ts: the same speaker again gets a fresh one-use URL for the same tile.
 */
export function requestTile(state: CampusState, presentation: PresentationRecord, body: CallTile): TileResult {
  if (presentation.mode === "audioOnly") throw restError("BAD_USER_INPUT", "An audio-only presentation has no tiles; prepare a video presentation");
  if (presentation.status !== "preparing") {
    throw callConflict(`Tiles can be requested only while the presentation is preparing (it is ${presentation.status}); prepare a new presentation to change the tile subset`);
  }
  if (!isCurrentSpeaker(state, presentation.callId, body.participationId)) {
    throw badSpeakerSelection("participationId must be a current accepted speaker of this call (self-view only while the member is a speaker)");
  }
  const known = presentation.tiles.some((tile) => tile.participationId === body.participationId);
  if (!known && presentation.tiles.length >= LIMITS.tilesPerPresentation) {
    throw badSpeakerSelection(`at most ${LIMITS.tilesPerPresentation} unique tiles per presentation`);
  }
  const tile = state.presentations.issueTile(presentation, body);
  return { tileId: tile.tileId, url: `/tiles/${tile.token}` };
}

function refuseFinal(presentation: PresentationRecord, operation: string): void {
  if (presentation.status === "released") throw callConflict(`A released presentation cannot ${operation}; prepare a new one`);
  if (presentation.status === "restored") {
    throw callConflict(`presentation restored (${presentation.restoredReason ?? "native restoration"}): prepare a new one`);
  }
}

/**
 * Spec 3 commit: every selected tile ready and visible and, in video mode, at least one ready tile
 * when the stage has speakers (else 409 naming the tiles); answers `commitRequested`. The handoff
 * to `app` follows the tiles' next reports (restoration.ts). policy.ts: a repeated commit answers the current status.
 */
export function commitPresentation(state: CampusState, clock: Clock, presentation: PresentationRecord): Presentation {
  refuseFinal(presentation, "commit again");
  if (presentation.status !== "preparing") return toPresentation(presentation, clock.now());
  if (presentation.mode === "video") {
    const unready = describeUnreadyTiles(state, presentation, clock.now());
    if (unready.length > 0) throw callConflict(`Not every selected tile is ready and visible: ${unready.join("; ")}`);
    if (presentation.tiles.length === 0 && hasSpeakers(state, presentation.callId)) {
      throw callConflict("The stage has speakers: select at least one speaker tile and let it become ready before committing");
    }
  }
  presentation.status = "commitRequested";
  presentation.committedAt = clock.now();
  for (const tile of presentation.tiles) tile.reportedSinceCommit = false;
  return toPresentation(presentation, clock.now());
}

/** Spec 4.9 heartbeat (foreground health): reports the status; policy.ts: a restored one is 409. */
export function heartbeatPresentation(clock: Clock, presentation: PresentationRecord): Presentation {
  if (presentation.status === "restored") refuseFinal(presentation, "beat");
  if (isPresentationOpen(presentation)) presentation.lastHeartbeatAt = clock.now();
  return toPresentation(presentation, clock.now());
}

/** Spec 3 release: any time before the end, `released`; policy.ts: releasing a final presentation answers it unchanged. */
export function releasePresentation(state: CampusState, clock: Clock, presentation: PresentationRecord): Presentation {
  state.presentations.endPresentation(presentation, clock.now(), null);
  return toPresentation(presentation, clock.now());
}
