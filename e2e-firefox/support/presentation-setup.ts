import type { CampusControl } from "../../e2e/support/campus-control";
import type { CampusView } from "./campus-view";
import { membersInOneCall } from "./call-setup";
import { eventually } from "./eventually";
import { byTestId } from "./frame-reads";

/** Ada hosts a call (she is a speaker) with `speakers` simulated speakers, attached and approved. */
export async function adaAttachedWithSpeakers<C extends CampusView>(control: CampusControl, openCampusAs: (m: string) => Promise<C>, speakers: number) {
  const { callId, pages } = await membersInOneCall(control, openCampusAs, ["ada"]);
  const ada = pages[0]!;
  const sims = await control.addSimulatedMembers(callId, speakers);
  for (const sim of sims) await control.simulate(callId, sim, "speak");
  await ada.attachToCall();
  for (let i = 1; i <= speakers; i++) await eventually(() => ada.inApp.attribute(ada.rosterRow(`sim_0${i}`), "data-role")).toBe("speaker");
  return { callId, ada, sims };
}

/** Picks every current speaker for a video presentation and starts presenting. */
export async function presentVideo(campus: CampusView) {
  const panel = byTestId("presentation");
  // Video is the panel's first mode; a <select>'s native list is no part of the page to click.
  const mode = await campus.inApp.value(`${panel} ${byTestId("presentation-mode")}`);
  if (mode !== "video") throw new Error(`The presentation panel starts in ${mode} mode, not video`);
  const boxes = `${panel} ${byTestId("presentation-speaker")}`;
  const ids = await campus.inApp.attributes(boxes, "data-participation-id");
  for (const id of ids) {
    const box = `${boxes}[data-participation-id="${id}"]`;
    if (!(await campus.inApp.checked(box))) await campus.inApp.click(box);
  }
  await campus.inApp.click(`${panel} ${byTestId("presentation-start")}`);
}

export function presentationStatus(campus: CampusView) {
  return campus.inApp.attribute(byTestId("presentation-status"), "data-status");
}
