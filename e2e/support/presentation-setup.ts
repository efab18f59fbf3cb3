import { expect } from "@playwright/test";
import { membersInOneCall } from "./call-setup";
import type { CampusControl } from "./campus-control";
import type { CampusPage } from "./campus-page";

/** Ada hosts a call (she is a speaker) with `speakers` simulated speakers, attached and approved. */
export async function adaAttachedWithSpeakers(control: CampusControl, openCampusAs: (m: string) => Promise<CampusPage>, speakers: number) {
  const { callId, pages } = await membersInOneCall(control, openCampusAs, ["ada"]);
  const ada = pages[0]!;
  const sims = await control.addSimulatedMembers(callId, speakers);
  for (const sim of sims) await control.simulate(callId, sim, "speak");
  await ada.attachToCall();
  for (let i = 1; i <= speakers; i++) await expect(ada.rosterRow(`sim_0${i}`)).toHaveAttribute("data-role", "speaker");
  return { callId, ada, sims };
}

/** Picks the given participations (all current speakers when omitted) and starts presenting. */
export async function present(campus: CampusPage, mode: "video" | "audioOnly", participationIds?: string[]) {
  const panel = campus.app.getByTestId("presentation");
  await panel.getByTestId("presentation-mode").selectOption(mode);
  if (mode === "video") {
    const boxes = panel.getByTestId("presentation-speaker");
    for (const box of await boxes.all()) {
      const id = await box.getAttribute("data-participation-id");
      if (!participationIds || participationIds.includes(id!)) await box.check();
    }
  }
  await panel.getByTestId("presentation-start").click();
}

export function presentationStatus(campus: CampusPage) {
  return campus.app.getByTestId("presentation-status");
}
