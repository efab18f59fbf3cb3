import { inviteTheCall, acceptInvitation } from "../support/activity";
import { expectNoAppFrameViolations } from "../support/axe-frame";
import { membersInOneCall } from "../support/call-setup";
import type { CampusPage } from "../support/campus-page";
import { expect, test } from "../support/fixtures";
import { EVERY_KIND } from "../activities/kinds";
import { chooseKind, kindView, startKind } from "../activities/kinds/kind-descriptor";

// axe-core (WCAG 2.0/2.1/2.2 A and AA) finds nothing in any kind of activity, in each state a
// member meets it: its form in the chooser, its view as its owner, and both members' views once
// they took part. A kind's descriptor (e2e/activities/kinds/) drives it.
test.describe("every kind of shared activity is accessible", () => {
  // axe visits the app frame four times, which takes a while on a busy machine.
  test.describe.configure({ timeout: 300_000 });
  for (const descriptor of EVERY_KIND) {
    test(`${descriptor.kind}: its form, its view as the owner, and both members' views after taking part`, async ({ control, openCampusAs }) => {
      const { pages } = await membersInOneCall(control, openCampusAs, ["ada", "grace"]);
      const [owner, guest] = pages as [CampusPage, CampusPage];
      await owner.attachToCall();
      await chooseKind(owner, descriptor.kind);
      await expectNoAppFrameViolations(owner.page);

      await startKind(owner, descriptor);
      await expectNoAppFrameViolations(owner.page);

      await inviteTheCall(owner);
      await acceptInvitation(guest, descriptor.label);
      await expect(kindView(guest, descriptor.kind)).toHaveAttribute("data-role", "guest");
      await descriptor.act({ owner, guest });
      for (const viewer of [owner, guest]) {
        await descriptor.expectSeen(viewer);
        await expectNoAppFrameViolations(viewer.page);
      }
    });
  }
});
