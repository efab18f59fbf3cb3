import { describe, expect, test } from "vitest";
import { OPTIONS, QUESTION, membersInOnePoll, optionButton, vote } from "../e2e-firefox/support/activity";
import { membersInOneCall } from "../e2e-firefox/support/call-setup";
import { eventually } from "../e2e-firefox/support/eventually";
import { byTestId } from "../e2e-firefox/support/frame-reads";
import { adaAttachedWithSpeakers, presentVideo, presentationStatus } from "../e2e-firefox/support/presentation-setup";
import { expectHeaderCarried } from "./support/cookieless";
import { webkitSuite } from "./support/webkit-suite";

const webkit = webkitSuite();
const PRESENTATION_TIMEOUT_MS = 20_000;

// Spec 2 (Call grant, Command, Presentation, CallActivity), 3, 4.3-4.13, with each member's app in
// WebKit's cross-site iframe, its session carried in X-App-Session (login.webkit.ts).
describe("calls in WebKit", () => {
  test("attach asks for approval in the campus page; a command is confirmed there and applies", async () => {
    const { pages } = await membersInOneCall(webkit.control, webkit.openCampusAs, ["ada"]);
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
    expectHeaderCarried(webkit.traffic().answered("/api/call/commands").find((request) => request.method === "POST"));
  });

  test("a video presentation is committed, its tiles render, and heartbeats keep it", async () => {
    const { ada } = await adaAttachedWithSpeakers(webkit.control, webkit.openCampusAs, 1);
    await presentVideo(ada);
    await eventually(() => presentationStatus(ada), PRESENTATION_TIMEOUT_MS).toBe("app");
    await eventually(() => ada.inApp.count(byTestId("presentation-tile"))).toBe(2);

    // Each tile is a campus iframe inside the app's iframe (campus → app → campus), rendering frames.
    for (const index of [0, 1]) {
      const tile = ada.inTile(index);
      await eventually(() => tile.attribute(byTestId("tile"), "data-ready")).toBe("true");
      const frames = Number(await tile.attribute(byTestId("tile"), "data-frames"));
      await eventually(async () => Number(await tile.attribute(byTestId("tile"), "data-frames"))).toBeGreaterThan(frames);
    }
    await eventually(() => ada.inCampus.attribute(byTestId("native-presentation"), "data-mode")).toBe("compact");

    // Spec 4.9: fifteen seconds without a heartbeat restore the native presentation. Sixteen
    // campus seconds pass here in two steps, each right after a heartbeat from WebKit was
    // answered (beats come every 5 s): no gap reaches fifteen, so the app keeps it.
    const beats = () => webkit.traffic().answered("/api/call/presentation/heartbeat").filter((beat) => beat.status === 200);
    for (const _step of [1, 2]) {
      const before = beats().length;
      await eventually(() => beats().length, PRESENTATION_TIMEOUT_MS).toBeGreaterThan(before);
      await webkit.control.advanceClock(8);
    }
    const presentations = await webkit.control.presentations();
    expect(presentations.map((presentation) => presentation.status)).toEqual(["app"]);
    expect(await presentationStatus(ada)).toBe("app");
    expectHeaderCarried(beats().at(-1));
  });

  test("members of one call vote together in one shared poll", async () => {
    const { ada, grace } = await membersInOnePoll(webkit.control, webkit.openCampusAs);
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

    const { activities, invitations, entries } = await webkit.control.activities();
    expect(activities).toHaveLength(1);
    expect(invitations.map((invitation) => [invitation.recipient, invitation.status])).toEqual([["grace", "accepted"]]);
    expect(entries.map((entry) => entry.username)).toEqual(["grace"]);
  });
});
