import type { CallRole } from "../../lib/contract";
import type { Clock } from "../core/clock";
import { hasExpired } from "../core/clock";
import { createPrefixedId } from "../core/ids";
import { CALL_INVITATION_SECONDS } from "../core/policy";

export type InvitationOutcome = "accepted" | "declined" | "cancelled";

/** A call invitation to one member; it shows in every campus tab of the recipient. */
export type Invitation = {
  invitationId: string;
  callId: string;
  inviterUserId: string;
  recipientUserId: string;
  /** The explicit role asked for, or null for automatic allocation. */
  role: CallRole | null;
  createdAt: number;
  expiresAt: number;
  outcome: InvitationOutcome | null;
};

export type InvitationStore = ReturnType<typeof createInvitationStore>;

export function createInvitationStore(clock: Clock) {
  const invitations: Invitation[] = [];
  const isPending = (invitation: Invitation) => invitation.outcome === null && !hasExpired(clock, invitation.expiresAt);

  return {
    /** policy.ts: a new invitation to the same call and recipient replaces a pending one. */
    sendInvitation(input: Pick<Invitation, "callId" | "inviterUserId" | "recipientUserId" | "role">): Invitation {
      for (const invitation of invitations) {
        if (invitation.callId === input.callId && invitation.recipientUserId === input.recipientUserId && isPending(invitation)) {
          invitation.outcome = "cancelled";
        }
      }
      const createdAt = clock.now();
      const invitation: Invitation = {
        ...input,
        invitationId: createPrefixedId("inv"),
        createdAt,
        expiresAt: createdAt + CALL_INVITATION_SECONDS * 1000,
        outcome: null,
      };
      invitations.push(invitation);
      return invitation;
    },
    findInvitation: (invitationId: string) => invitations.find((invitation) => invitation.invitationId === invitationId),
    isPending,
    /** Unanswered and unexpired invitations to a member, newest first. */
    listPendingFor: (recipientUserId: string): Invitation[] =>
      invitations.filter((invitation) => invitation.recipientUserId === recipientUserId && isPending(invitation)).reverse(),
    listPendingTo: (callId: string): Invitation[] => invitations.filter((invitation) => invitation.callId === callId && isPending(invitation)),
    listInvitations: (): Invitation[] => [...invitations],
  };
}
