import type { ActivityEntry } from "../../lib/contract";
import { LIMITS } from "../../lib/contract";
import type { CallAccess } from "../calls/call-access";
import { findTabParticipation } from "../calls/call-access";
import { isGrantActive } from "../calls/grant-approval";
import type { Clock } from "../core/clock";
import { restError } from "../core/errors";
import type { Activity } from "../state/activities";
import type { ActivityEntryRecord, EntryEndReason } from "../state/activity-entries";
import type { CampusState } from "../state/campus-state";

const LEASE_MS = LIMITS.activityEntryLeaseSeconds * 1000;
const forbidden = (message: string) => restError("FORBIDDEN", message);

/**
 * Spec 3 "Activity entry": departure, app exit, permission loss or lease expiry ends access.
 * Answers the first loss, dated now, or the lease's own deadline (valid strictly before it).
 */
function findEntryLoss(state: CampusState, entry: ActivityEntryRecord, now: number): { reason: EntryEndReason; at: number } | null {
  const registration = state.registration.getRegistration();
  const launch = state.launches.findLaunch(entry.launchId);
  if (!launch || launch.generation !== registration.generation || launch.endReason === "registrationSaved") return { reason: "registrationSaved", at: now };
  if (launch.endedAt !== null) return { reason: "launchEnded", at: now };
  if (state.calls.findParticipation(entry.participationId)?.endedAt !== null) return { reason: "memberLeft", at: now };
  const clientId = state.activities.findActivity(entry.activityId)?.clientId ?? "";
  if (entry.consentId !== null && !state.consents.isConsentCurrent(entry.consentId, entry.userId, clientId)) return { reason: "consentRevoked", at: now };
  if (entry.leaseExpiresAt !== null && now >= entry.leaseExpiresAt) return { reason: "leaseExpired", at: entry.leaseExpiresAt };
  return null;
}

/** Ends one open entry that has lost its access, dated as findEntryLoss says. */
function settleActivityEntry(state: CampusState, entry: ActivityEntryRecord, now: number): void {
  if (entry.endedAt !== null) return;
  const loss = findEntryLoss(state, entry, now);
  if (loss) state.activityEntries.endEntry(entry, loss.at, loss.reason);
}

/** Evaluated lazily before every request (app.ts): nothing runs in the background. */
export function settleActivityEntries(state: CampusState, clock: Clock): void {
  const now = clock.now();
  for (const entry of state.activityEntries.listOpen()) settleActivityEntry(state, entry, now);
}

const END_MESSAGES: Record<EntryEndReason, string> = {
  leaseExpired: "the entry lease lapsed without a recheck",
  memberLeft: "the member left the call",
  launchEnded: "the app launch it was bound to ended",
  registrationSaved: "the app registration was saved",
  consentRevoked: "the member's consent for the app ended",
};

/**
 * Spec 4.13 (check order: policy.ts): this launch was opened by an accepted activity invitation
 * (403), its entry has not ended (403), and the member attached and approved the call (403).
 */
export function requireActivityEntry(state: CampusState, clock: Clock, access: CallAccess): { entry: ActivityEntryRecord; activity: Activity } {
  const entry = state.activityEntries.findByLaunch(access.launch.launchId);
  const activity = entry && state.activities.findActivity(entry.activityId);
  if (!entry || !activity || activity.clientId !== access.token.clientId || entry.userId !== access.member.userId) {
    throw forbidden("This launch was not opened from an accepted activity invitation");
  }
  // Settled again: a fault's delay (http/apply-faults.ts) may have outlasted its lease since app.ts settled all.
  settleActivityEntry(state, entry, clock.now());
  if (entry.endedAt !== null) {
    throw forbidden(`The activity entry ended (${entry.endReason ?? "ended"}): ${END_MESSAGES[entry.endReason ?? "leaseExpired"]}; the member must accept a current invitation again`);
  }
  const participation = findTabParticipation(state, access);
  const approved =
    participation?.participationId === entry.participationId &&
    state.grants
      .listGrantsOf(entry.participationId)
      .some((grant) => grant.clientId === access.token.clientId && grant.userId === access.member.userId && isGrantActive(state, grant));
  if (!approved) throw forbidden("The activity entry needs login, attach and the member's native approval of this call first (an active grant)");
  return { entry, activity };
}

/** policy.ts: every successful read renews the twenty-second lease; `expiresIn` is in seconds. */
export function renewActivityEntry(clock: Clock, access: CallAccess, { entry, activity }: { entry: ActivityEntryRecord; activity: Activity }): ActivityEntry {
  entry.consentId ??= access.token.consentId;
  entry.leaseExpiresAt = clock.now() + LEASE_MS;
  return {
    entryId: entry.entryId,
    activityId: activity.activityId,
    sessionKey: activity.sessionKey,
    label: activity.label,
    userId: entry.userId,
    expiresIn: LIMITS.activityEntryLeaseSeconds,
  };
}
