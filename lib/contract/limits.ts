import { z } from "zod";

// Spec part 8: limits. One place for every number the spec fixes.
export const LIMITS = {
  codeLifetimeSeconds: 60,
  tokenLifetimeSeconds: 900,
  codeMaxLength: 128,
  clientIdMinLength: 16,
  clientIdMaxLength: 128,
  idMaxLength: 128,
  sessionKeyMaxLength: 256,
  activityLabelMaxLength: 80,
  commandLifetimeSeconds: 60,
  commandsPerLaunchPerMinute: 30,
  invitationsPerMemberPerMinute: 5,
  activityOffersPerMemberPerMinute: 5,
  activityInvitationExpirySeconds: 300,
  activityEntryLeaseSeconds: 20,
  heartbeatIntervalSeconds: 5,
  restorationTimeoutSeconds: 15,
  callCapacity: 100,
  speakerSeats: 6,
  tilesPerPresentation: 6,
} as const;

/** An ID the campus issues or the app sends back: at most LIMITS.idMaxLength characters. */
export const boundedIdSchema = z.string().min(1).max(LIMITS.idMaxLength);
