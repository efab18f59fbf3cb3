import { restError } from "../core/errors";
import type { CampusState } from "../state/campus-state";
import type { CampusMember } from "../state/members";

/** A seeded campus member or a simulated one: everyone who can appear in a roster. */
export function findCallMember(state: CampusState, userId: string): CampusMember | undefined {
  return state.members.findByUserId(userId) ?? state.simulatedMembers.findByUserId(userId);
}

export function requireCallMember(state: CampusState, userId: string): CampusMember {
  const member = findCallMember(state, userId);
  if (!member) throw new Error(`No call member has userId ${userId}`);
  return member;
}

/**
 * policy.ts: invitations go to seeded campus members other than the inviter (simulated members
 * have no campus tab to answer in). Spec 7: a bad recipient is invalid input (400).
 */
export function requireInvitationRecipient(state: CampusState, recipientId: string, inviterUserId: string): CampusMember {
  const recipient = state.members.findByUserId(recipientId);
  if (!recipient || recipient.userId === inviterUserId) {
    throw restError("BAD_USER_INPUT", "recipientId must be the userId of another campus member");
  }
  return recipient;
}
