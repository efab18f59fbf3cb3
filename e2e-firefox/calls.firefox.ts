import { describe, expect, test } from "vitest";
import { CAMPUS_ORIGIN } from "../e2e/support/origins";
import { OPTIONS, QUESTION, membersInOnePoll, optionButton, vote } from "./support/activity";
import { recordAppRequests } from "./support/app-traffic";
import { membersInOneCall } from "./support/call-setup";
import { eventually } from "./support/eventually";
import { firefoxSuite } from "./support/firefox-suite";
import { byTestId, inFrame } from "./support/frame-reads";
import { adaAttachedWithSpeakers, presentVideo, presentationStatus } from "./support/presentation-setup";

const firefox = firefoxSuite();

// Spec 2 (Call grant, Command, Presentation, CallActivity), 3, 4.3-4.13, with each member's app in
// Firefox's cross-site iframe.
describe("calls in Firefox", () => {
  test("attach asks for approval in the campus page; a command is confirmed there and applies", async () => {
    const { pages } = await membersInOneCall(firefox.control, firefox.openCampusAs, ["ada"]);
    const ada = pages[0]!;
    await eventually(() => ada.inApp.attribute(byTestId("call-status"), "data-access")).toBe("approvalRequired");
    await ada.inApp.click(byTestId("call-attach"));
    await eventually(() => ada.inCampus.visible(byTestId("call-approval-prompt"))).toBe(true);
    await ada.inCampus.click(byTestId("call-approval-allow"));
    await eventually(() => ada.inApp.visible(byTestId("call-roster"))).toBe(true);
    await eventually(() => ada.inApp.visible(ada.rosterRow("ada"))).toBe(true);

    await ada.inApp.click(byTestId("action-cameraOn"));
    await eventually(() => ada.lastCommandStatus()).toMatch(/pending|working/);
    await ada.confirmCommandPrompt();
    await eventually(() => ada.lastCommandStatus()).toBe("applied");
    await eventually(() => ada.inCampus.attribute(byTestId("call-camera"), "data-on")).toBe("true");
  });

  test("a video presentation is committed, its tiles render, and heartbeats keep it", async () => {
    const { ada } = await adaAttachedWithSpeakers(firefox.control, firefox.openCampusAs, 1);
    const traffic = recordAppRequests(ada.page);
    await presentVideo(ada);
    await eventually(() => presentationStatus(ada)).toBe("app");
    await eventually(() => ada.inApp.count(byTestId("presentation-tile"))).toBe(2);

    // Each tile is a campus iframe inside the app's iframe (campus → app → campus), rendering frames.
    const tiles = () => ada.app.childFrames().filter((frame) => frame.url().startsWith(`${CAMPUS_ORIGIN}/tiles/`));
    await eventually(() => tiles().length).toBe(2);
    for (const tile of tiles()) {
      const video = inFrame(() => tile);
      await eventually(() => video.attribute(byTestId("tile"), "data-ready")).toBe("true");
      const frames = Number(await video.attribute(byTestId("tile"), "data-frames"));
      await eventually(async () => Number(await video.attribute(byTestId("tile"), "data-frames"))).toBeGreaterThan(frames);
    }
    await eventually(() => ada.inCampus.attribute(byTestId("native-presentation"), "data-mode")).toBe("compact");

    // Spec 4.9: fifteen seconds without a heartbeat restore the native presentation. Sixteen
    // campus seconds pass here in two steps, each right after a heartbeat from Firefox was
    // answered (beats come every 5 s): no gap reaches fifteen, so the app keeps it.
    const heartbeats = () => traffic.answered("/api/call/presentation/heartbeat").filter((beat) => beat.status === 200).length;
    for (const _step of [1, 2]) {
      const before = heartbeats();
      await eventually(heartbeats).toBeGreaterThan(before);
      await firefox.control.advanceClock(8);
    }
    const presentations = await firefox.control.presentations();
    expect(presentations.map((presentation) => presentation.status)).toEqual(["app"]);
    expect(await presentationStatus(ada)).toBe("app");
  });

  test("members of one call vote together in one shared poll", async () => {
    const { ada, grace } = await membersInOnePoll(firefox.control, firefox.openCampusAs);
    await eventually(() => grace.inApp.text(byTestId("activity-poll-question"))).toBe(QUESTION);

    await vote(grace, "Salad");
    await vote(ada, "Soup");
    for (const campus of [ada, grace]) {
      await eventually(() => campus.inApp.attribute(optionButton("Soup"), "data-votes")).toBe("1");
      await eventually(() => campus.inApp.attribute(optionButton("Salad"), "data-votes")).toBe("1");
      await eventually(() => campus.inApp.attribute(optionButton(OPTIONS[2]!), "data-votes")).toBe("0");
    }
    // One vote per member: grace changes hers.
    await vote(grace, "Soup");
    await eventually(() => ada.inApp.attribute(optionButton("Soup"), "data-votes")).toBe("2");
    await eventually(() => ada.inApp.attribute(optionButton("Salad"), "data-votes")).toBe("0");

    const { activities, invitations, entries } = await firefox.control.activities();
    expect(activities).toHaveLength(1);
    expect(invitations.map((invitation) => [invitation.recipient, invitation.status])).toEqual([["grace", "accepted"]]);
    expect(entries.map((entry) => entry.username)).toEqual(["grace"]);
  });
});
