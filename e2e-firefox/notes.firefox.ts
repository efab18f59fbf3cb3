import { describe, expect, test } from "vitest";
import { eventually } from "./support/eventually";
import { firefoxSuite } from "./support/firefox-suite";
import { membersInOneNotes, postNote, shownNotes } from "./support/notes";

const firefox = firefoxSuite();

// Spec 2 (CallActivity, Verified activity entry), 4.7, 4.11-4.13, with each member's app in
// Firefox's cross-site iframe: the shared notes, the app's second activity kind.
describe("shared notes in Firefox", () => {
  test("members of one call post notes and each sees both, with their authors", async () => {
    const { ada, grace } = await membersInOneNotes(firefox.control, firefox.openCampusAs);
    await postNote(ada, "The demo went well");
    await eventually(() => shownNotes(grace)).toEqual([["ada", "The demo went well"]]);
    await postNote(grace, "Pairing helped");
    const both = [
      ["ada", "The demo went well"],
      ["grace", "Pairing helped"],
    ];
    for (const campus of [ada, grace]) await eventually(() => shownNotes(campus)).toEqual(both);

    const { activities, entries } = await firefox.control.activities();
    expect(activities).toHaveLength(1);
    expect(entries.map((entry) => entry.username)).toEqual(["grace"]);
  });
});
