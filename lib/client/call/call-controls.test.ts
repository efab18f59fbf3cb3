import { describe, expect, it } from "vitest";
import type { ActiveGrantView } from "@/lib/wire/call-routes";
import { aParticipant, anActiveGrantView } from "@/lib/testing/call-fixtures";
import { actionTestId, mediaToggles, ownActions, resolveAvatarUrl, rowActions } from "./call-controls";

const CAMPUS = "http://campus.localhost:4000";
const ada = aParticipant();
const grace = aParticipant({ userId: "usr_grace", participationId: "par_grace", username: "grace", role: "audience", stageState: "requested" });
const linus = aParticipant({ userId: "usr_linus", participationId: "par_linus", username: "linus", role: "speaker" });

const grant = (overrides: Partial<ActiveGrantView> = {}) => anActiveGrantView({ participants: [ada, grace, linus], ...overrides });

describe("spec 2 native media status: one toggle per device", () => {
  it("sends the action that flips what the campus reports", () => {
    const off = mediaToggles(grant({ media: { ...grant().media, camera: false, microphone: false } }));
    expect(off.map((toggle) => toggle.next)).toEqual(["cameraOn", "unmute"]);
    const on = mediaToggles(grant({ media: { ...grant().media, camera: true, microphone: true } }));
    expect(on.map((toggle) => toggle.next)).toEqual(["cameraOff", "mute"]);
  });
});

describe("spec 4.7: the member's own actions", () => {
  it("a speaker: leave the stage, leave; the host also ends (camera and microphone are toggles)", () => {
    expect(ownActions(grant(), "usr_ada", false)).toEqual(["stage/leave", "leave", "end"]);
    expect(ownActions(grant({ hostUserId: "usr_linus" }), "usr_ada", false)).not.toContain("end");
  });

  it("audience: ask, then join only once approved, and cancel; no end for a non-host", () => {
    const audience = (stageState: ActiveGrantView["stageState"]) => grant({ role: "audience", stageState, hostUserId: "usr_linus" });
    expect(ownActions(audience("none"), "usr_ada", false)).toEqual(["stage/request", "leave"]);
    expect(ownActions(audience("requested"), "usr_ada", false)).toEqual(["stage/cancel", "leave"]);
    expect(ownActions(audience("approved"), "usr_ada", false)).toEqual(["stage/join", "stage/cancel", "leave"]);
  });

  it("with moderation open, a non-host sees end too, to see the campus refuse it", () => {
    expect(ownActions(grant({ hostUserId: "usr_linus" }), "usr_ada", true)).toContain("end");
  });
});

describe("spec 4.7: stage moderation is the current host's", () => {
  it("the host sees approve and reject for a request, demote for a speaker, nothing on their own row", () => {
    expect(rowActions(grace, grant(), "usr_ada", false)).toEqual(["stage/approve", "stage/reject"]);
    expect(rowActions(linus, grant(), "usr_ada", false)).toEqual(["stage/demote"]);
    expect(rowActions(ada, grant(), "usr_ada", false)).toEqual([]);
    expect(rowActions({ ...grace, stageState: "none" }, grant(), "usr_ada", false)).toEqual([]);
  });

  it("a non-host sees none, until moderation is opened: then all three on every other row", () => {
    const notHost = grant({ hostUserId: "usr_linus" });
    expect(rowActions(grace, notHost, "usr_ada", false)).toEqual([]);
    expect(rowActions(grace, notHost, "usr_ada", true)).toEqual(["stage/approve", "stage/reject", "stage/demote"]);
    expect(rowActions(ada, notHost, "usr_ada", true)).toEqual([]);
  });

  it("test IDs replace / with -", () => {
    expect(actionTestId("stage/approve")).toBe("stage-approve");
    expect(actionTestId("cameraOn")).toBe("cameraOn");
  });
});

describe("avatars resolve against {campus_origin}", () => {
  it("a relative URL", () => {
    expect(resolveAvatarUrl("/avatars/ada.svg", CAMPUS)).toBe(`${CAMPUS}/avatars/ada.svg`);
  });

  it("an absolute URL of the campus origin", () => {
    expect(resolveAvatarUrl(`${CAMPUS}/avatars/ada.svg`, CAMPUS)).toBe(`${CAMPUS}/avatars/ada.svg`);
  });

  it.each([[null], ["https://tracker.example/a.png"], ["javascript:alert(1)"], ["data:image/svg+xml,<svg/>"], ["//evil.example/a.png"]])(
    "%s → a letter avatar",
    (url) => {
      expect(resolveAvatarUrl(url, CAMPUS)).toBeNull();
    },
  );
});
