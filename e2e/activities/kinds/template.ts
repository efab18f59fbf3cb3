/*
 * The browser side of a new kind, to copy: `e2e/activities/kinds/<kind>.ts` from this file, the
 * placeholders replaced, and its descriptor added to KINDS in ./index.ts (the compiler asks for
 * it once the kind is in ACTIVITY_KINDS). Then, with no other file edited:
 * - every-kind.spec.ts runs it in Chromium, and on Redis with two app processes;
 * - e2e/a11y/activity-kinds.spec.ts checks its form and both members' views with axe;
 * - scripts/screenshot.ts pictures it as docs/screenshots/<kind>.png (the README's table names it).
 *
 * The kind's view needs what every view has: a root element with data-testid="activity-<kind>"
 * and data-role={activity.role}, and the label in an element with data-testid="activity-label".
 * Helpers the kind's own spec shares go in its file.
 * This file compiles but is never run: `yourKind` is in no list.
 */
import { expect } from "@playwright/test";
import type { KindDescriptor } from "./kind-descriptor";

const TITLE = "Your kind's title";

export const yourKind: KindDescriptor<"your-kind"> = {
  kind: "your-kind",
  // What the campus shows invitees: the label your create request sends.
  label: TITLE,
  // The kind is already chosen in the owner's chooser: fill in its form and submit it.
  async start(owner) {
    await owner.app.getByTestId("your-kind-title").fill(TITLE);
    await owner.app.getByTestId("your-kind-create").click();
  },
  // Both members are in. For an action any member takes, let each take it; for an owner-only
  // one (start a timer, close a poll), the owner alone.
  async act({ owner, guest }) {
    await owner.app.getByTestId("your-kind-action").click();
    await expect(guest.app.getByTestId("your-kind-result")).toBeVisible();
  },
  // Run for the owner, then the guest: what each sees in their own view once `act` is done.
  async expectSeen(viewer) {
    await expect(viewer.app.getByTestId("your-kind-result")).toHaveText("What both members see");
  },
};
