import type { CommandAccepted } from "../../lib/contract";
import { LIMITS } from "../../lib/contract";
import type { Clock } from "../core/clock";
import { restError } from "../core/errors";
import type { CampusState } from "../state/campus-state";
import type { CallCommandKind, CommandParameters } from "../state/commands";
import type { ActiveGrant } from "../calls/grant-approval";
import type { CallAccess } from "../calls/call-access";
import { validateActionInput } from "../calls/call-actions";
import { requireInvitationRecipient } from "../calls/call-members";
import { settleCommand } from "./answer-command";
import { planCommand } from "./plan-command";

export type CommandRequest = {
  access: CallAccess;
  kind: CallCommandKind;
  body: { clientId: string } & CommandParameters;
  /** For grant commands: the active grant and its participation (already checked). */
  grant?: ActiveGrant;
};

/** Input rules beyond the body schema (400): a real recipient, and a targetId exactly where it belongs. */
function validateParameters(state: CampusState, request: CommandRequest): void {
  const { recipientId, action, targetId } = request.body;
  if (recipientId !== undefined) requireInvitationRecipient(state, recipientId, request.access.member.userId);
  if (action !== undefined) validateActionInput(action, targetId);
}

/** Spec 8: 429 RATE_LIMITED with Retry-After, the whole seconds until a slot frees (policy.ts). */
function requireRateSlot(state: CampusState, key: string, limit: number, what: string): void {
  const wait = state.rateWindows.secondsUntilFree(key, limit);
  if (wait > 0) throw restError("RATE_LIMITED", `Too many ${what}: at most ${limit} per minute`, { "Retry-After": String(wait) });
}

const samePayload = (request: CommandRequest) => {
  const { clientId: _clientId, ...parameters } = request.body;
  const sorted = Object.fromEntries(Object.entries(parameters).sort(([a], [b]) => a.localeCompare(b)));
  return JSON.stringify([request.kind, request.grant?.grant.grantId ?? null, sorted]);
};

/**
 * Spec 4 "Command request rules" (order: policy.ts): input, idempotent retry (same clientId and
 * payload → same commandId, no new command, no rate slot; changed payload → 400), the command
 * limit per launch, the invitation and activity offer limits per member, host-only and call-state
 * checks, then the command. Immediate commands are applied at once; native ones wait for the member's prompt.
 */
export function issueCommand(state: CampusState, clock: Clock, request: CommandRequest): CommandAccepted {
  validateParameters(state, request);
  const { token, member, launch } = request.access;
  const payload = samePayload(request);
  const existing = state.commands.findByRequest(token.clientId, member.userId, request.body.clientId);
  if (existing) {
    if (existing.payload !== payload) throw restError("BAD_USER_INPUT", "This clientId was already used with another payload");
    return { commandId: existing.commandId };
  }

  const launchKey = `commands:${launch.launchId}`;
  requireRateSlot(state, launchKey, LIMITS.commandsPerLaunchPerMinute, "command requests for this launch");
  state.rateWindows.record(launchKey);
  const invitationKey = `invitations:${member.userId}`;
  const invites = request.kind === "invite" || (request.kind === "start" && request.body.recipientId !== undefined);
  if (invites) requireRateSlot(state, invitationKey, LIMITS.invitationsPerMemberPerMinute, "call invitations by this member");
  const offerKey = `activityOffers:${member.userId}`;
  const offers = request.kind === "activityInvite";
  if (offers) requireRateSlot(state, offerKey, LIMITS.activityOffersPerMemberPerMinute, "activity offers by this member");

  const { clientId, ...parameters } = request.body;
  const participation = request.grant?.participation;
  const plan = planCommand(state, { kind: request.kind, userId: member.userId, parameters, participation });
  const command = state.commands.addCommand({
    appClientId: token.clientId,
    userId: member.userId,
    launchId: launch.launchId,
    tabId: participation?.tabId ?? launch.tabId,
    requestClientId: clientId,
    payload,
    kind: request.kind,
    parameters,
    grantId: request.grant?.grant.grantId ?? null,
    participationId: participation?.participationId ?? null,
    invitationId: plan.invitationId,
    native: plan.native,
  });
  if (invites) state.rateWindows.record(invitationKey);
  if (offers) state.rateWindows.record(offerKey);
  // Camera-off, mute, playback and the other immediate actions apply at once.
  if (!plan.native) settleCommand(state, clock, command);
  return { commandId: command.commandId };
}
