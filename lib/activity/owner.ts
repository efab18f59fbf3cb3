import "server-only";
import { AppError } from "@/lib/errors";
import type { ActivityDefinition } from "@/lib/shared/activity-kinds";
import type { JoinedAccess } from "./session-activity";

export const NOT_OWNER = "Only the member who started this activity may do this";

/**
 * Whether the member is the activity's owner: the verified userId of the access (the session's
 * member for an inviter, the campus's entry for a guest, spec 4.13) against the one stored when
 * the activity was started. Ownership is the member's, not the launch's: the owner is the owner in
 * any launch that has joined the activity.
 */
export function isOwner(access: JoinedAccess, activity: ActivityDefinition): boolean {
  return access.userId === activity.ownerId;
}

/** An owner-only action refuses every other member with 403, before it writes. */
export function requireOwner(access: JoinedAccess, activity: ActivityDefinition): void {
  if (!isOwner(access, activity)) throw new AppError("FORBIDDEN", NOT_OWNER);
}
