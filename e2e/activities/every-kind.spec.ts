import { expect, test } from "../support/fixtures";
import { EVERY_KIND } from "./kinds";
import { membersInOneActivity } from "./kinds/kind-descriptor";

// Spec 2 (CallActivity, Verified activity entry), 3 "Activity entry", 4.7, 4.11-4.13, for each kind
// in ACTIVITY_KINDS: one registration, one invitation, one verified entry, whatever the kind.
// A kind's descriptor (e2e/activities/kinds/) says how to start one, act, and what members see.
test.describe("every kind of shared activity", () => {
  for (const descriptor of EVERY_KIND) {
    // @shared-store: also run with the Redis store behind two app processes (playwright.redis.config.ts).
    test(`${descriptor.kind}: members of one call take part and each sees what both did @shared-store`, async ({ control, openCampusAs }) => {
      const { owner, guest } = await membersInOneActivity(control, openCampusAs, descriptor);
      for (const member of [owner, guest]) await expect(member.app.getByTestId("activity-label")).toHaveText(descriptor.label);

      await descriptor.act({ owner, guest });
      for (const viewer of [owner, guest]) await descriptor.expectSeen(viewer);

      // The campus saw one activity, with the label, and one accepted invitation; what the members
      // did never left the app's backend.
      const { activities, invitations, entries } = await control.activities();
      expect(activities.map((activity) => activity.label)).toEqual([descriptor.label]);
      expect(invitations.map((invitation) => [invitation.recipient, invitation.status])).toEqual([["grace", "accepted"]]);
      expect(entries.map((entry) => entry.username)).toEqual(["grace"]);
    });
  }
});
