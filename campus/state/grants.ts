import type { Clock } from "../core/clock";
import { createPrefixedId } from "../core/ids";
import { createPairMap } from "../core/pair-map";
import { appendTo } from "./list-index";

/** The member's answer to the native approval prompt for one grant. */
export type GrantDecision = "pending" | "approved" | "denied";

/** A call grant (spec 2): one app's attach to one participation, under the access of one login. */
export type CallGrant = {
  grantId: string;
  clientId: string;
  generation: number;
  consentId: string;
  userId: string;
  participationId: string;
  createdAt: number;
  decision: GrantDecision;
};

/** A member's native approval of one app for one participation (spec 2: each member approves independently). */
export type CallApproval = {
  clientId: string;
  generation: number;
  consentId: string;
  userId: string;
  participationId: string;
  approvedAt: number;
};

export type GrantStore = ReturnType<typeof createGrantStore>;

export function createGrantStore(clock: Clock) {
  const grants = new Map<string, CallGrant>();
  // Oldest first, per participation: attach and the approval prompt read only these.
  const byParticipation = new Map<string, CallGrant[]>();
  const approvals = createPairMap<CallApproval>();

  return {
    createGrant(input: Omit<CallGrant, "grantId" | "createdAt">): CallGrant {
      const grant: CallGrant = { ...input, grantId: createPrefixedId("grt"), createdAt: clock.now() };
      grants.set(grant.grantId, grant);
      appendTo(byParticipation, grant.participationId, grant);
      return grant;
    },
    findGrant: (grantId: string) => grants.get(grantId),
    listGrantsOf: (participationId: string): CallGrant[] => [...(byParticipation.get(participationId) ?? [])],
    listGrants: (): CallGrant[] => [...grants.values()],
    recordApproval(input: Omit<CallApproval, "approvedAt">): CallApproval {
      const approval: CallApproval = { ...input, approvedAt: clock.now() };
      approvals.set(input.clientId, input.participationId, approval);
      return approval;
    },
    findApproval: (clientId: string, participationId: string) => approvals.get(clientId, participationId),
  };
}
