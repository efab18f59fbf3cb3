import { describe, expect, it } from "vitest";
import { aParticipant, anActiveGrantView } from "@/lib/testing/call-fixtures";
import { canPickMore, currentSelection, isOnCampusOrigin, recoverySelection, tileCandidates, toggleTile } from "./presentation-selection";

const CAMPUS = "http://campus.localhost:4000";
const ada = aParticipant();
const grace = aParticipant({ userId: "usr_grace", participationId: "par_grace", username: "grace", role: "audience" });
const linus = aParticipant({ userId: "usr_linus", participationId: "par_linus", username: "linus", role: "speaker" });
const grant = anActiveGrantView({ participants: [ada, grace, linus] });
const ids = (count: number) => Array.from({ length: count }, (_, index) => `par_${index}`);

describe("spec 4.9: tiles of current accepted speakers, self-view included", () => {
  it("offers the speakers, the member among them", () => {
    expect(tileCandidates(grant, false).map((candidate) => candidate.username)).toEqual(["ada", "linus"]);
  });

  it("not a speaker who is leaving the call", () => {
    const leaving = anActiveGrantView({ participants: [ada, { ...linus, presence: "leaving" }] });
    expect(tileCandidates(leaving, false).map((candidate) => candidate.username)).toEqual(["ada"]);
  });

  it("with 'any participant', the whole roster, so the campus's refusal can be seen", () => {
    expect(tileCandidates(grant, true)).toHaveLength(3);
  });

  it("six at most, unless 'any participant' is on", () => {
    expect(canPickMore(ids(5), false)).toBe(true);
    expect(canPickMore(ids(6), false)).toBe(false);
    expect(canPickMore(ids(6), true)).toBe(true);
  });

  it("keeps the order picked, each once", () => {
    expect(toggleTile(["par_linus"], "par_ada", true)).toEqual(["par_linus", "par_ada"]);
    expect(toggleTile(["par_linus", "par_ada"], "par_ada", true)).toEqual(["par_linus", "par_ada"]);
    expect(toggleTile(["par_linus", "par_ada"], "par_linus", false)).toEqual(["par_ada"]);
  });

  it("drops a pick who is no longer a candidate", () => {
    expect(currentSelection(["par_grace", "par_linus"], tileCandidates(grant, false))).toEqual(["par_linus"]);
  });
});

describe("spec 3: recovering after native restoration prepares again for current speakers only", () => {
  it("the same subset, less those who left the stage", () => {
    expect(recoverySelection(["par_linus", "par_grace"], grant)).toEqual(["par_linus"]);
  });

  it("when none of them speaks any more, the current speakers", () => {
    expect(recoverySelection(["par_gone"], grant)).toEqual(["par_ada", "par_linus"]);
  });
});

describe("spec 4.10: tiles mount only from {campus_origin}", () => {
  it.each([
    [`${CAMPUS}/tiles/x`, true],
    ["http://campus.localhost:4001/tiles/x", false],
    ["https://campus.localhost:4000/tiles/x", false],
    ["/tiles/x", false],
  ])("%s → %s", (url, expected) => {
    expect(isOnCampusOrigin(url, CAMPUS)).toBe(expected);
  });
});
