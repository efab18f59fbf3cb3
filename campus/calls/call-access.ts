import type { Scope } from "../../lib/contract";
import type { Clock } from "../core/clock";
import { restError } from "../core/errors";
import type { TokenAccess } from "../login/read-member";
import { requireTokenAccess } from "../login/read-member";
import type { CampusState } from "../state/campus-state";
import type { Participation } from "../state/calls";
import type { CallGrant } from "../state/grants";
import type { Launch } from "../state/launches";
import { isCurrentLaunch } from "../state/launches";

/** A call request that passed the login checks, its scope and its launch (check order: policy.ts). */
export type CallAccess = TokenAccess & { launch: Launch };

/**
 * Spec 4: every call endpoint rechecks, on each request, the token (401), app publication and
 * registration (403 APP_UNAVAILABLE), consent (403 ACCESS_REVOKED), the endpoint's scope
 * (403 FORBIDDEN) and that the token's launch is still the current mount of its tab.
 */
export function requireCallAccess(state: CampusState, clock: Clock, bearer: string | undefined, scope: Scope): CallAccess {
  const access = requireTokenAccess(state, clock, bearer);
  if (!access.token.scopes.includes(scope)) throw restError("FORBIDDEN", `This call endpoint needs the ${scope} scope`);
  const launch = state.launches.findLaunch(access.token.launchId);
  if (!launch || !isCurrentLaunch(launch, state.registration.getRegistration().generation)) {
    throw restError("APP_UNAVAILABLE", "Expired mount: the token's launch is no longer the current launch of its campus tab");
  }
  return { ...access, launch };
}

/** Spec 3: only a participation in the launch's owning tab counts; calls in other tabs do not. */
export function findTabParticipation(state: CampusState, access: CallAccess): Participation | undefined {
  const participation = state.calls.findCurrentParticipation(access.member.userId);
  return participation?.tabId === access.launch.tabId ? participation : undefined;
}

export function requireTabParticipation(state: CampusState, access: CallAccess): Participation {
  const participation = findTabParticipation(state, access);
  if (!participation) throw restError("FORBIDDEN", "The member has no accepted call in this launch's campus tab");
  return participation;
}

/**
 * policy.ts: a grant of another app or member, or an unknown one, is 403 without saying which.
 * A grant whose participation is current must be in the launch's tab.
 */
export function requireOwnGrant(state: CampusState, access: CallAccess, grantId: string): CallGrant {
  const grant = state.grants.findGrant(grantId);
  if (!grant || grant.clientId !== access.token.clientId || grant.userId !== access.member.userId) {
    throw restError("FORBIDDEN", "No grant with this ID belongs to this app and member");
  }
  const participation = state.calls.findParticipation(grant.participationId);
  if (participation && participation.endedAt === null && participation.tabId !== access.launch.tabId) {
    throw restError("FORBIDDEN", "The grant's call participation is in another campus tab than this launch");
  }
  return grant;
}
