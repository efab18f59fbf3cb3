import type { ActiveGrantView } from "@/lib/wire/call-routes";
import { TARGETED_ACTIONS, type CallAction, type CallParticipant } from "@/lib/contract";

/*
 * Which call actions the view offers, from the grant it read. The campus decides; these only
 * avoid offering what it would refuse (spec 4.7, and the stage moves of the local campus's policy).
 */

export type TargetedAction = (typeof TARGETED_ACTIONS)[number];

/** Actions that need the member's native confirmation in the campus page (spec 4.7). */
export const NATIVE_CONFIRMATION: ReadonlySet<string> = new Set([
  "start",
  "accept",
  "invite",
  "activityInvite",
  "cameraOn",
  "unmute",
  "stage/join",
  "leave",
  "end",
]);

export function isHost(grant: ActiveGrantView, userId: string): boolean {
  return grant.hostUserId === userId;
}

/**
 * The member's own actions besides camera and microphone (those are toggles, `mediaToggles`).
 * `end` is host-only; with moderation open it is offered anyway, to show the refusal.
 */
export function ownActions(grant: ActiveGrantView, userId: string, moderation: boolean): CallAction[] {
  const actions: CallAction[] = [];
  if (grant.role === "speaker") {
    actions.push("stage/leave");
  } else {
    if (grant.stageState === "none") actions.push("stage/request");
    if (grant.stageState === "approved") actions.push("stage/join");
    if (grant.stageState !== "none") actions.push("stage/cancel");
  }
  actions.push("leave");
  if (isHost(grant, userId) || moderation) actions.push("end");
  return actions;
}

export type MediaToggle = { device: "camera" | "microphone"; on: boolean; next: CallAction; pairs: readonly CallAction[] };

/**
 * One toggle per device, from the native media status (spec 2): it sends the action that flips
 * what the campus reports. Only speakers have camera and microphone (spec 4.7).
 */
export function mediaToggles(grant: ActiveGrantView): MediaToggle[] {
  const { camera, microphone } = grant.media;
  return [
    { device: "camera", on: camera, next: camera ? "cameraOff" : "cameraOn", pairs: ["cameraOn", "cameraOff"] },
    { device: "microphone", on: microphone, next: microphone ? "mute" : "unmute", pairs: ["mute", "unmute"] },
  ];
}

/**
 * Stage moderation of one roster row (spec 4.7: only the current host). A non-host sees them only
 * with moderation open, on every other row, so the campus's 403 can be shown.
 */
export function rowActions(participant: CallParticipant, grant: ActiveGrantView, userId: string, moderation: boolean): TargetedAction[] {
  if (participant.participationId === grant.participationId) return [];
  if (moderation) return [...TARGETED_ACTIONS];
  if (!isHost(grant, userId)) return [];
  if (participant.role === "speaker") return ["stage/demote"];
  const actions: TargetedAction[] = [];
  if (participant.stageState === "requested") actions.push("stage/approve");
  if (participant.stageState !== "none") actions.push("stage/reject");
  return actions;
}

/** `stage/request` → `stage-request`, for test IDs. */
export function actionTestId(action: string): string {
  return action.replaceAll("/", "-");
}

/**
 * An avatar URL resolved against {campus_origin}, or null for a letter avatar: only http(s) images
 * of the campus origin, which is what the page's img-src allows.
 */
export function resolveAvatarUrl(avatarUrl: string | null, campusOrigin: string): string | null {
  if (!avatarUrl || !URL.canParse(avatarUrl, campusOrigin)) return null;
  const url = new URL(avatarUrl, campusOrigin);
  return url.origin === campusOrigin && (url.protocol === "https:" || url.protocol === "http:") ? url.href : null;
}
