import { describe, expect, it } from "vitest";
import type { CommandView } from "@/lib/wire/call-routes";
import { aParticipant } from "@/lib/testing/call-fixtures";
import { ACTION_TEXT, commandSentence, describeCommand, rosterNames, waitsForMember } from "./command-text";

const grace = aParticipant({ userId: "usr_grace", participationId: "par_grace", username: "grace" });
const names = rosterNames([grace]);
const command = (overrides: Partial<CommandView>): CommandView => ({
  ref: "cmd_1",
  kind: "action",
  status: "pending",
  createdAt: "2026-01-01T00:00:00.000Z",
  ...overrides,
});

describe("requests read as sentences (spec 4.7-4.8)", () => {
  it("a native action waiting for the member says where to answer", () => {
    expect(commandSentence(command({ action: "cameraOn" }), names)).toBe("Turn camera on — waiting for you in the campus page");
    expect(waitsForMember(command({ action: "cameraOn", status: "applied" }))).toBe(false);
  });

  it("an action that needs no confirmation reads its status", () => {
    expect(commandSentence(command({ action: "cameraOff", status: "applied" }), names)).toBe("Turn camera off — done");
    expect(commandSentence(command({ kind: "playback", muted: true, status: "expired" }), names)).toMatch(/^Mute the call audio — expired/);
  });

  it("names people by their roster username, the ID only when they are not in it", () => {
    expect(describeCommand(command({ kind: "invite", recipientId: "usr_grace", role: "speaker" }), names)).toBe("Invite grace as a speaker");
    expect(describeCommand(command({ kind: "invite", recipientId: "usr_other" }), names)).toBe("Invite usr_other");
    expect(describeCommand(command({ kind: "invite" }), names)).toBe("Invite someone you choose");
    expect(describeCommand(command({ action: "stage/approve", targetId: "par_grace" }), names)).toBe("Approve grace's stage request");
  });
});

describe("stage actions keep the spec's names (spec 2 CallOperation, 4.7)", () => {
  it("each stage action's label says its verb: request, cancel, join, leave, approve, reject, demote", () => {
    const stageActions = Object.keys(ACTION_TEXT).filter((action) => action.startsWith("stage/")) as (keyof typeof ACTION_TEXT)[];
    expect(stageActions).toHaveLength(7);
    for (const action of stageActions) expect(ACTION_TEXT[action].toLowerCase(), action).toContain(action.slice("stage/".length));
  });

  it("a stage request is called one thing, never asking to speak", () => {
    expect(ACTION_TEXT["stage/request"]).toBe("Request the stage");
    expect(ACTION_TEXT["stage/cancel"]).toBe("Cancel your stage request");
    expect(describeCommand(command({ action: "stage/reject", targetId: "par_grace" }), names)).toBe("Reject grace's stage request");
    expect(describeCommand(command({ action: "stage/demote", targetId: "par_grace" }), names)).toBe("Demote grace to the audience");
    for (const text of Object.values(ACTION_TEXT)) expect(text).not.toMatch(/\bspeak\b/i);
  });
});
