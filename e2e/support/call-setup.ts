import { expect } from "@playwright/test";
import type { CampusControl } from "./campus-control";
import type { CampusPage } from "./campus-page";

/**
 * Members signed in to the app, each in their own browser, in one call hosted by the first.
 * The call starts while the first consent dialog is open, so the app's status check on entering
 * the call view already sees it. Each member's campus page shows the call before the test goes
 * on: the page's native presentation appears above the app frame on its next poll, and a click
 * in the app while it moves the frame would land beside its target.
 */
export async function membersInOneCall(
  control: CampusControl,
  openCampusAs: (member: string) => Promise<CampusPage>,
  usernames: string[],
) {
  const pages: CampusPage[] = [];
  let callId: string | undefined;
  for (const username of usernames) {
    const campus = await openCampusAs(username);
    await campus.consentDialog.waitFor();
    if (callId === undefined) callId = (await control.startCall(username)).callId;
    else await control.joinCall(callId, username);
    await campus.approveConsent();
    await campus.expectState("signed-in");
    await expect(campus.page.getByTestId("native-presentation")).toBeVisible();
    pages.push(campus);
  }
  return { callId: callId!, pages };
}
