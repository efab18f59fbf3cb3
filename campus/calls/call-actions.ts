import type { CallAction } from "../../lib/contract";
import { HOST_ONLY_ACTIONS, TARGETED_ACTIONS } from "../../lib/contract";
import type { Clock } from "../core/clock";
import { restError } from "../core/errors";
import { STAGE_TRANSITIONS } from "../core/policy";
import type { CampusState } from "../state/campus-state";
import type { Call, Participation } from "../state/calls";
import { endCall, endParticipation, isHost, requireCurrentCall, requireFreeSeat } from "./participation";

type StageAction = keyof typeof STAGE_TRANSITIONS;

/** Spec 4.7 and policy.ts: these wait for the member's native confirmation; the others apply at once. */
export const NATIVE_ACTIONS: ReadonlySet<CallAction> = new Set<CallAction>(["cameraOn", "unmute", "stage/join", "leave", "end"]);

const UNSUPPORTED_ACTIONS: ReadonlySet<CallAction> = new Set<CallAction>(["decline", "cancel"]);

const isStageAction = (action: CallAction): action is StageAction => Object.hasOwn(STAGE_TRANSITIONS, action);
const isTargeted = (action: CallAction) => (TARGETED_ACTIONS as readonly CallAction[]).includes(action);
const callConflict = (message: string) => restError("CALL_CONFLICT", message);

/** Input rules of an action (400): supported, and a targetId exactly for stage moderation. */
export function validateActionInput(action: CallAction, targetId: string | undefined): void {
  if (UNSUPPORTED_ACTIONS.has(action)) throw restError("BAD_USER_INPUT", `The action ${action} is not supported`);
  if (isTargeted(action) && targetId === undefined) throw restError("BAD_USER_INPUT", `${action} needs targetId (a participationId)`);
  if (!isTargeted(action) && targetId !== undefined) throw restError("BAD_USER_INPUT", `${action} takes no targetId`);
}

/** Spec 4.7: only the actual current host can approve, reject, demote or end (403, naming the rule). */
export function requireHostFor(call: Call, actor: Participation, action: CallAction): void {
  if ((HOST_ONLY_ACTIONS as readonly CallAction[]).includes(action) && !isHost(call, actor)) {
    throw restError("FORBIDDEN", `Only the current host can ${action.replace("stage/", "")}: ${action} is a host-only action`);
  }
}

function requireTarget(call: Call, targetId: string): Participation {
  const target = call.participations.find((participation) => participation.participationId === targetId);
  if (!target || target.endedAt !== null) throw callConflict("targetId is not a current participation in this call");
  return target;
}

/**
 * Checks an action against the current call at request time (403 host-only, 409 call state) and
 * returns the participation it moves. Applying repeats the check, so a confirmation that comes
 * after the call changed fails instead of applying.
 */
export function checkCallAction(state: CampusState, actor: Participation, action: CallAction, targetId?: string): Participation {
  if (actor.endedAt !== null) throw callConflict("The member is no longer in this call");
  const call = requireCurrentCall(state, actor.callId);
  requireHostFor(call, actor, action);
  const subject = targetId === undefined ? actor : requireTarget(call, targetId);
  if (isStageAction(action)) {
    const { from } = STAGE_TRANSITIONS[action];
    const allowed: readonly string[] = from.stageState;
    if (subject.role !== from.role || !allowed.includes(subject.stageState)) {
      throw callConflict(`${action} needs a ${from.role} with stage state ${from.stageState.join(" or ")}; the participant is a ${subject.role} with ${subject.stageState}`);
    }
    if (action === "stage/approve") requireFreeSeat(call);
  }
  if ((action === "cameraOn" || action === "unmute") && subject.role !== "speaker") {
    throw callConflict("Only speakers can turn on the camera or microphone; join the stage first");
  }
  return subject;
}

/** Checks and applies an action: a native confirmation, an immediate command or a campus page control. */
export function performCallAction(state: CampusState, clock: Clock, actor: Participation, action: CallAction, targetId?: string): void {
  const subject = checkCallAction(state, actor, action, targetId);
  if (isStageAction(action)) {
    const { to } = STAGE_TRANSITIONS[action];
    Object.assign(subject, { role: to.role, stageState: to.stageState });
    // policy.ts: leaving the stage turns camera and microphone off.
    if (to.role === "audience") Object.assign(subject, { camera: false, microphone: false });
    return;
  }
  switch (action) {
    case "cameraOn":
    case "cameraOff":
      subject.camera = action === "cameraOn";
      return;
    case "unmute":
    case "mute":
      subject.microphone = action === "unmute";
      return;
    case "leave":
      endParticipation(state, clock, subject);
      return;
    case "end":
      endCall(state, clock, requireCurrentCall(state, subject.callId));
      return;
    default:
      throw restError("BAD_USER_INPUT", `The action ${action} is not supported`);
  }
}
