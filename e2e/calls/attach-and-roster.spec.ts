import { expect, test } from "../support/fixtures";
import { GRANT_ACTIVE_REFRESH_MS } from "@/lib/client/call/call-refresh";
import { membersInOneCall } from "../support/call-setup";
import { appRequestsFlushed } from "../support/requests-flushed";

// Spec 2 (Call grant), 3 (access state, grant status), 4.3-4.4.
test.describe("attach, approval and the roster", () => {
  test("each member approves independently and sees the others in the roster", async ({ control, openCampusAs }) => {
    const { pages } = await membersInOneCall(control, openCampusAs, ["ada", "grace", "linus"]);
    const [ada, grace, linus] = pages as [typeof pages[0], typeof pages[0], typeof pages[0]];

    await ada.attachToCall();
    // Ada's approval is hers alone: Grace is still asked.
    await expect(grace.app.getByTestId("call-status")).toHaveAttribute("data-access", "approvalRequired");
    await grace.app.getByTestId("call-attach").click();
    await expect(grace.app.getByTestId("call-waiting-approval")).toBeVisible();
    await expect(grace.page.getByTestId("call-approval-prompt")).toBeVisible();
    await grace.page.getByTestId("call-approval-allow").click();
    await expect(grace.app.getByTestId("call-roster")).toBeVisible();
    await linus.attachToCall();

    for (const campus of [ada, grace, linus]) {
      for (const username of ["ada", "grace", "linus"]) await expect(campus.rosterRow(username)).toBeVisible();
    }
    await expect(ada.app.getByTestId("media-status")).toBeVisible();
  });

  test("a member who denies the approval gets no roster", async ({ control, openCampusAs }) => {
    const { pages } = await membersInOneCall(control, openCampusAs, ["ada"]);
    const ada = pages[0]!;
    await ada.app.getByTestId("call-attach").click();
    await ada.page.getByTestId("call-approval-deny").click();
    await expect(ada.app.getByTestId("call-roster")).toBeHidden();
    await expect(ada.app.getByTestId("call-view")).toContainText(/denied|declined/i);
  });

  test("a speaker turning a device on changes their media chip, and not its size", async ({ control, openCampusAs }) => {
    const { callId, pages } = await membersInOneCall(control, openCampusAs, ["ada"]);
    const ada = pages[0]!;
    const grace = await openCampusAs("grace");
    await grace.signIn();
    await control.joinCall(callId, "grace", "speaker");
    await ada.attachToCall();
    const chip = ada.app.locator('[data-testid="speaker-media-chip"][data-username="grace"]');
    await expect(chip).toContainText("camera off");
    // The chips wrap in rows above the presentation settings: a chip that grew or shrank could
    // move a row, and a click on its way to a control below would miss.
    const before = await chip.boundingBox();

    // Grace turns her camera on in her campus page's native controls.
    await grace.page.getByTestId("call-camera").click();
    await expect(grace.page.getByTestId("call-camera")).toHaveAttribute("data-on", "true");
    await expect(chip).toContainText("camera on");
    expect((await chip.boundingBox())?.width).toBe(before?.width);
  });

  // What others do reaches the roster on the grant's next poll: brought forward, not waited for.
  test.describe(() => {
    test.use({ browserClock: true });

    test("presence and stage changes of other members appear in the roster", async ({ control, openCampusAs }) => {
      const { callId, pages } = await membersInOneCall(control, openCampusAs, ["ada"]);
      const ada = pages[0]!;
      const [sim] = await control.addSimulatedMembers(callId, 1);
      await ada.attachToCall();
      const row = ada.app.locator(`[data-testid="roster-participant"][data-username="sim_01"]`);
      await expect(row).toHaveAttribute("data-presence", "connected");
      const nextPoll = () => ada.page.clock.fastForward(GRANT_ACTIVE_REFRESH_MS);

      await control.simulate(callId, sim!, "drop");
      await nextPoll();
      await expect(row).toHaveAttribute("data-presence", "reconnecting");
      await control.simulate(callId, sim!, "restore");
      await control.simulate(callId, sim!, "stage-request");
      await nextPoll();
      await expect(row).toHaveAttribute("data-stage-state", "requested");
      // One name with the campus page's panel: the spec's stage state, `requested`.
      await expect(row).toContainText("stage requested");
      await control.simulate(callId, sim!, "speak");
      await nextPoll();
      await expect(row).toHaveAttribute("data-role", "speaker");
      await control.simulate(callId, sim!, "leave");
      await nextPoll();
      await expect(row).toBeHidden();
    });

    test("revoking consent stops polling and shows why", async ({ control, openCampusAs }) => {
      const { pages } = await membersInOneCall(control, openCampusAs, ["ada"]);
      const ada = pages[0]!;
      await ada.attachToCall();
      await control.revokeConsent("ada");
      await ada.page.clock.fastForward(GRANT_ACTIVE_REFRESH_MS);
      await expect(ada.app.getByTestId("call-access-lost")).toBeVisible();
      await expect(ada.app.getByTestId("call-access-lost")).toContainText(/revoked/i);

      // Two intervals later, and every request sent by then reported: nothing polls any more.
      const polls: string[] = [];
      ada.page.on("request", (request) => {
        if (request.url().includes("/api/call/")) polls.push(request.url());
      });
      await ada.page.clock.fastForward(GRANT_ACTIVE_REFRESH_MS);
      await ada.page.clock.fastForward(GRANT_ACTIVE_REFRESH_MS);
      await appRequestsFlushed(ada.page, ada.app);
      expect(polls).toEqual([]);
    });
  });
});
