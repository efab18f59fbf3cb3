import { expect, type Locator } from "@playwright/test";
import type { ActivityKind } from "@/lib/shared/activity-kinds";
import { acceptInvitation, inviteTheCall } from "../../support/activity";
import { membersInOneCall } from "../../support/call-setup";
import type { CampusControl } from "../../support/campus-control";
import type { CampusPage } from "../../support/campus-page";

/**
 * The browser side of one activity kind, as the kind-generic runs use it: every-kind.spec.ts (in
 * Chromium, and on Redis with two app processes), the accessibility check of its views
 * (e2e/a11y/activity-kinds.spec.ts) and the README's pictures (scripts/screenshot.ts). What is
 * common to every kind (choosing it, the invitation, the verified entry, the campus's records) is
 * theirs; a descriptor says only what is the kind's own. template.ts is the one to copy.
 *
 * `K` is a plain string in the template, so the template compiles without being a kind.
 */
export type KindDescriptor<K extends string = ActivityKind> = {
  kind: K;
  /** The activity's label: what the campus shows invitees in their invitation. */
  label: string;
  /** Fills in the kind's form in the owner's app, the kind already chosen, and submits it. */
  start(owner: CampusPage): Promise<void>;
  /** The kind's main action, taken once both members are in: each acts, or the owner alone for an owner-only action. */
  act(members: Members): Promise<void>;
  /** What a member sees once `act` is done: run for the owner and for the guest, in their own views. */
  expectSeen(viewer: CampusPage): Promise<void>;
};

/** Ada started the activity (its owner and inviter); grace joined it through her verified entry. */
export type Members = { owner: CampusPage; guest: CampusPage };

/**
 * Every kind's view has this root element, with `data-role` (inviter or guest), and shows the
 * invitation's label in an element `activity-label` (hidden when the view's title says the same).
 */
export function kindView(campus: CampusPage, kind: string): Locator {
  return campus.app.getByTestId(`activity-${kind}`);
}

/** The owner chooses the kind in the chooser, starts one, and sees it as its inviter. */
export async function startKind(owner: CampusPage, descriptor: KindDescriptor<string>) {
  await chooseKind(owner, descriptor.kind);
  await descriptor.start(owner);
  await expect(kindView(owner, descriptor.kind)).toHaveAttribute("data-role", "inviter");
}

export async function chooseKind(owner: CampusPage, kind: string) {
  await owner.app.locator(`[data-testid="activity-kind"][data-kind="${kind}"]`).check();
}

/** Ada and grace in one call and in ada's activity of this kind: ada started it and invited, grace joined through her new launch. */
export async function membersInOneActivity(
  control: CampusControl,
  openCampusAs: (member: string) => Promise<CampusPage>,
  descriptor: KindDescriptor<string>,
) {
  const { callId, pages } = await membersInOneCall(control, openCampusAs, ["ada", "grace"]);
  const [owner, guest] = pages as [CampusPage, CampusPage];
  await owner.attachToCall();
  await startKind(owner, descriptor);
  await inviteTheCall(owner);
  await acceptInvitation(guest, descriptor.label);
  await expect(kindView(guest, descriptor.kind)).toHaveAttribute("data-role", "guest");
  return { callId, owner, guest };
}
