import { expect, test } from "../support/fixtures";
import { TOPIC, membersInOneNotes, notesOf, postNote } from "./kinds/notes";

// Spec 2 (CallActivity, Verified activity entry), 3 "Activity entry", 4.7, 4.11-4.13, with the
// app's second activity kind: the same registration, invitation and verified entry as the poll.
test.describe("shared notes", () => {
  // @shared-store: also run with the Redis store behind two app processes (playwright.redis.config.ts).
  test("members of one call post notes and each sees both, with their authors @shared-store", async ({ control, openCampusAs }) => {
    const { owner: ada, guest: grace } = await membersInOneNotes(control, openCampusAs);
    await expect(grace.app.getByTestId("notes-topic-text")).toHaveText(TOPIC);
    await expect(grace.app.getByTestId("activity-label")).toHaveText(TOPIC);

    // A note arriving moves nothing in the other member's view: a click on the button as it
    // arrives still lands on it.
    const gracePost = grace.app.getByTestId("note-post");
    const before = await gracePost.boundingBox();
    await postNote(ada, "The demo went well");
    await expect(notesOf(grace)).toHaveCount(1);
    expect(await gracePost.boundingBox()).toEqual(before);

    await postNote(grace, "  Pairing on the tests helped  ");
    for (const campus of [ada, grace]) {
      await expect(notesOf(campus)).toHaveCount(2);
      // Oldest first, each with its author's username; a note's text is trimmed by the backend.
      await expect(notesOf(campus).nth(0)).toHaveAttribute("data-author", "ada");
      await expect(notesOf(campus).nth(0).getByTestId("note-text")).toHaveText("The demo went well");
      await expect(notesOf(campus).nth(1)).toHaveAttribute("data-author", "grace");
      await expect(notesOf(campus).nth(1).getByTestId("note-text")).toHaveText("Pairing on the tests helped");
    }

    // Past what its box shows, the list follows the newest note; a member who scrolled back to read
    // stays where they are.
    for (const text of ["Shorter standups", "The release notes", "More pairing"]) await postNote(ada, text);
    await expect(notesOf(grace)).toHaveCount(5);
    for (const campus of [ada, grace]) await expect(notesOf(campus).last()).toBeInViewport();
    await grace.app.getByTestId("notes-log").evaluate((log) => log.scrollTo({ top: 0 }));
    await expect(notesOf(grace).first()).toBeInViewport();
    await postNote(ada, "Lunch together");
    await expect(notesOf(grace)).toHaveCount(6);
    await expect(notesOf(grace).first()).toBeInViewport();
    await expect(notesOf(grace).last()).not.toBeInViewport();
    await expect(notesOf(ada).last()).toBeInViewport();

    // The campus saw one activity and one accepted invitation; the notes never left the app's backend.
    const { activities, invitations, entries } = await control.activities();
    expect(activities).toHaveLength(1);
    expect(invitations.map((invitation) => [invitation.recipient, invitation.status])).toEqual([["grace", "accepted"]]);
    expect(entries.map((entry) => entry.username)).toEqual(["grace"]);
  });
});
