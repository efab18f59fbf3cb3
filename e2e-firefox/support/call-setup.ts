import type { CampusControl } from "../../e2e/support/campus-control";
import type { CampusView } from "./campus-view";
import { eventually } from "./eventually";
import { byTestId } from "./frame-reads";

/**
 * Members signed in to the app, each in their own user context, in one call hosted by the first
 * (the Chromium run's membersInOneCall): the call starts while the first consent dialog is open,
 * and each campus page shows the call before the test goes on.
 */
export async function membersInOneCall<C extends CampusView>(control: CampusControl, openCampusAs: (member: string) => Promise<C>, usernames: string[]) {
  const pages: C[] = [];
  let callId: string | undefined;
  for (const username of usernames) {
    const campus = await openCampusAs(username);
    await eventually(() => campus.inCampus.visible(byTestId("consent-dialog"))).toBe(true);
    if (callId === undefined) callId = (await control.startCall(username)).callId;
    else await control.joinCall(callId, username);
    await campus.approveConsent();
    await campus.expectState("signed-in");
    await eventually(() => campus.inCampus.visible(byTestId("native-presentation"))).toBe(true);
    pages.push(campus);
  }
  return { callId: callId!, pages };
}
