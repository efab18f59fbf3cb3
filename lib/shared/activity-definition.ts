import { z } from "zod";

/*
 * What every stored activity holds beside its kind's own fields, fixed for its life. Each kind's
 * definition schema spreads these (lib/shared/<kind>.ts). Pure, no server imports.
 */
export const activityDefinitionFields = {
  /** What invitees see in the campus page (spec part 8: 1 to 80 chars). */
  label: z.string(),
  /**
   * The activity's owner: the verified userId of the member who started it. An owner-only action
   * (closing a poll) asks `isOwner` (lib/activity/owner.ts); the view tells the page with `owner`.
   */
  ownerId: z.string(),
  /** Epoch milliseconds. */
  createdAt: z.number(),
};
