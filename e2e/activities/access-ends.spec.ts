import { LEASE_RECHECK_MS } from "@/lib/client/activity/activity-refresh";
import { expect, test } from "../support/fixtures";
import type { CampusPage } from "../support/campus-page";
import { membersInOnePoll, optionButton, optionSelector, vote } from "./kinds/poll";

/** The member's next vote; the app may already have noticed the loss on its own lease recheck. */
async function tryToVote(campus: CampusPage, option: string) {
  await expect
    .poll(async () => (await campus.app.getByTestId("activity-ended").isVisible()) || (await campus.clickInApp(optionSelector(option))))
    .toBe(true);
}

// Spec 3 "Activity entry": departure, app exit, permission loss or lease expiry ends access.
test.describe("activity access ends", () => {
  test("when the twenty-second lease lapses without a recheck", async ({ control, openCampusAs }) => {
    const { ada, grace } = await membersInOnePoll(control, openCampusAs);
    await vote(grace, "Salad");

    await control.advanceClock(21);
    await tryToVote(grace, "Pie");
    const ended = grace.app.getByTestId("activity-ended");
    await expect(ended).toBeVisible();
    await expect(ended).toContainText(/lease/i);
    await expect(grace.app.getByTestId("activity-poll")).toHaveCount(0);
    await expect(optionButton(ada, "Pie")).toHaveAttribute("data-votes", "0");

    // The inviter's access rests on her grant and registration, not on a lease.
    await vote(ada, "Pie");
    await expect(optionButton(ada, "Pie")).toHaveAttribute("data-votes", "1");
  });

  test.describe(() => {
    test.use({ browserClock: true });

    test("when the member leaves the call", async ({ control, openCampusAs }) => {
      const { callId, grace } = await membersInOnePoll(control, openCampusAs);
      const member = (await control.calls())[0]!.members.find((candidate) => candidate.username === "grace")!;
      await control.simulate(callId, member.participationId, "leave");

      // The app learns it at its next lease recheck, brought forward rather than waited for.
      await grace.page.clock.fastForward(LEASE_RECHECK_MS);
      const ended = grace.app.getByTestId("activity-ended");
      await expect(ended).toBeVisible();
      await expect(ended).toContainText(/left the call/i);
      expect((await control.activities()).entries.map((entry) => entry.endReason)).toEqual(["memberLeft"]);
    });
  });
});
