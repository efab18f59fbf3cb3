import { expect, test } from "../support/fixtures";
import { membersInOneCall } from "../support/call-setup";
import type { CampusPage } from "../support/campus-page";
import { APP_ORIGIN } from "../support/origins";
import { acceptInvitation, currentLaunchId, inviteTheCall, signInToNewLaunch } from "../support/activity";
import { QUESTION, membersInOnePoll, optionButton, startPoll, vote } from "./kinds/poll";

// Spec 2 (CallActivity, Activity read, Verified activity entry), 3 "Activity entry", 4.7, 4.11-4.13.
test.describe("shared activities", () => {
  // @shared-store: also run with the Redis store behind two app processes (playwright.redis.config.ts).
  test("members of one call vote together in one shared poll @shared-store", async ({ control, openCampusAs }) => {
    const { ada, grace } = await membersInOnePoll(control, openCampusAs);
    await expect(grace.app.getByTestId("activity-poll-question")).toHaveText(QUESTION);
    await expect(grace.app.getByTestId("activity-label")).toHaveText(QUESTION);

    // A vote arriving moves nothing in the other member's view: a click on an option as it arrives
    // still lands on it.
    const adaPie = optionButton(ada, "Pie");
    const before = await adaPie.boundingBox();
    await vote(grace, "Salad");
    await expect(ada.app.locator('[data-testid="activity-voters"][data-option="Salad"]')).toHaveText("grace");
    expect(await adaPie.boundingBox()).toEqual(before);

    await vote(ada, "Soup");
    for (const campus of [ada, grace]) {
      await expect(optionButton(campus, "Soup")).toHaveAttribute("data-votes", "1");
      await expect(optionButton(campus, "Salad")).toHaveAttribute("data-votes", "1");
      await expect(campus.app.locator('[data-testid="activity-voters"][data-option="Salad"]')).toHaveText("grace");
      await expect(campus.app.locator('[data-testid="activity-voters"][data-option="Soup"]')).toHaveText("ada");
    }

    // One vote per member: grace changes hers.
    await vote(grace, "Soup");
    await expect(optionButton(ada, "Soup")).toHaveAttribute("data-votes", "2");
    await expect(optionButton(ada, "Salad")).toHaveAttribute("data-votes", "0");

    // The campus saw one activity and one accepted invitation; the key never left the app's backend.
    const { activities, invitations, entries } = await control.activities();
    expect(activities).toHaveLength(1);
    expect(invitations.map((invitation) => [invitation.recipient, invitation.status])).toEqual([["grace", "accepted"]]);
    expect(entries.map((entry) => entry.username)).toEqual(["grace"]);
  });

  // @shared-store: the close is a Lua script on Redis, and the other process must see it.
  test("only the member who started the poll closes it; a closed poll keeps its votes and takes no more @shared-store", async ({ control, openCampusAs }) => {
    const { ada, grace } = await membersInOnePoll(control, openCampusAs);
    await vote(grace, "Salad");

    // Ownership is the member's: ada's view has the control, grace's has none, and the backend refuses her anyway.
    await expect(ada.app.getByTestId("activity-poll")).toHaveAttribute("data-owner", "true");
    await expect(grace.app.getByTestId("activity-poll")).toHaveAttribute("data-owner", "false");
    await expect(grace.app.getByTestId("activity-poll-close")).toHaveCount(0);
    const launchId = await currentLaunchId(grace);
    const refused = await grace.page.frame({ name: "app" })!.evaluate(async (launchId) => {
      const response = await fetch("/api/activity/close", { method: "POST", headers: { "X-Campus-Launch": launchId } });
      return [response.status, ((await response.json()) as { error?: { code?: string } }).error?.code];
    }, launchId);
    expect(refused).toEqual([403, "FORBIDDEN"]);
    await expect(grace.app.getByTestId("activity-poll")).toHaveAttribute("data-closed", "false");

    await ada.app.getByTestId("activity-poll-close").click();
    for (const campus of [ada, grace]) {
      await expect(campus.app.getByTestId("activity-poll")).toHaveAttribute("data-closed", "true");
      await expect(campus.app.getByTestId("activity-poll-closed")).toBeVisible();
      await expect(optionButton(campus, "Salad")).toHaveAttribute("data-votes", "1");
      await expect(optionButton(campus, "Soup")).toHaveAttribute("aria-disabled", "true");
    }
    await expect(ada.app.getByTestId("activity-poll-close")).toHaveCount(0);
  });

  test("a session key or activity ID in the app URL or a request grants nothing", async ({ control, openCampusAs }) => {
    const { pages } = await membersInOneCall(control, openCampusAs, ["ada", "grace"]);
    const [ada, grace] = pages as [CampusPage, CampusPage];
    await ada.attachToCall();
    await startPoll(ada);
    await inviteTheCall(ada);
    const { activityId } = (await control.activities()).activities[0]!;

    // Before accepting: the app loaded with the real activity ID and a session key in its URL.
    const before = await currentLaunchId(grace);
    const forged = `${APP_ORIGIN}/?sessionKey=${"k".repeat(43)}&activityId=${encodeURIComponent(activityId)}`;
    await grace.page.frame({ name: "app" })!.goto(forged);
    await signInToNewLaunch(grace, before);
    await expect(grace.app.getByTestId("activity-create")).toBeVisible();
    await expect(grace.app.getByTestId("activity-poll")).toHaveCount(0);

    // The same in requests from the app's own frame, with its session: refused, never read.
    const launchId = await currentLaunchId(grace);
    const statuses = await grace.page.frame({ name: "app" })!.evaluate(
      async ({ launchId, activityId }) => {
        const headers = { "X-Campus-Launch": launchId, "Content-Type": "application/json" };
        const post = (path: string, body: unknown) => fetch(path, { method: "POST", headers, body: JSON.stringify(body) });
        return [
          (await post("/api/activity/vote", { option: 0, sessionKey: "k".repeat(43) })).status,
          (await post("/api/activity/vote", { option: 0, activityId })).status,
          (await post("/api/activity/invite", { activityId })).status,
          (await post("/api/call/commands", { kind: "activityInvite", activityId })).status,
          (await fetch(`/api/activity/entry?activityId=${activityId}`, { method: "POST", headers })).status,
          (await fetch("/api/activity", { headers }).then((response) => response.json())).state,
        ];
      },
      { launchId, activityId },
    );
    expect(statuses).toEqual([400, 400, 400, 400, 400, "none"]);
    expect((await control.activities()).entries).toEqual([]);

    // The invitation itself still works: accepting it is the way in.
    await acceptInvitation(grace, QUESTION);
    await expect(grace.app.getByTestId("activity-poll")).toHaveAttribute("data-role", "guest");
  });
});
