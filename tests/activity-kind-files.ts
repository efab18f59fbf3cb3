import type { ActivityKind } from "@/lib/shared/activity-kinds";

/**
 * The files that belong to one activity kind, kind by kind: what removing the kind deletes, and
 * what adding one writes (docs/make-it-yours.md walks through them). Keyed by kind with no other
 * key, so a kind added to or removed from ACTIVITY_KINDS does not compile here until its entry
 * follows. tests/activity-kind-files.test.ts then holds the tree to it: each file listed exists,
 * and every file of the activity folders (KIND_FOLDERS), and every file elsewhere that imports one
 * (KIND_IMPORTERS), is listed here or in SHARED_BY_EVERY_KIND. A kind's leftovers fail it by name.
 */
export const KIND_FILES = {
  poll: [
    "lib/shared/poll.ts",
    "lib/wire/poll.ts",
    "lib/wire/poll.test.ts",
    "lib/activity/vote.ts",
    "lib/activity/vote.test.ts",
    "lib/activity/close-poll.ts",
    "lib/activity/close-poll.test.ts",
    "lib/activity/poll-store.test.ts",
    "app/api/activity/vote/route.ts",
    "app/api/activity/close/route.ts",
    "app/_components/activity/create-poll-form.tsx",
    "app/_components/activity/poll-view.tsx",
    "e2e/activities/shared-poll.spec.ts",
    "e2e/activities/kinds/poll.ts",
    "docs/screenshots/poll.png",
  ],
  notes: [
    "lib/shared/notes.ts",
    "lib/wire/notes.ts",
    "lib/wire/notes.test.ts",
    "lib/activity/post-note.ts",
    "lib/activity/post-note.test.ts",
    "lib/activity/notes-store.test.ts",
    "app/api/activity/notes/route.ts",
    "app/_components/activity/create-notes-form.tsx",
    "app/_components/activity/notes-view.tsx",
    "e2e/activities/shared-notes.spec.ts",
    "e2e/activities/kinds/notes.ts",
    "e2e-firefox/notes.firefox.ts",
    "e2e-firefox/support/notes.ts",
    "docs/screenshots/notes.png",
  ],
} as const satisfies { [K in ActivityKind]: readonly string[] };

/** Folders that hold only activity files: each file in them (and in their subfolders) is a kind's or every kind's. */
export const KIND_FOLDERS = ["lib/activity", "lib/client/activity", "app/api/activity", "app/_components/activity", "e2e/activities", "docs/screenshots"];

/**
 * Folders of every concern, where a file is an activity file when it imports one (the kinds'
 * list, a kind's file, an activity folder's file, or another such importer).
 */
export const KIND_IMPORTERS = ["lib/shared", "lib/wire", "lib/testing", "e2e/support", "e2e-firefox", "scripts"];

/** The activity files of every kind: the platform's part, and the pictures and support that are no kind's own. */
export const SHARED_BY_EVERY_KIND = [
  "lib/shared/activity-kinds.ts",
  "lib/shared/activity-definition.ts",
  "lib/wire/activity-routes.ts",
  "lib/wire/activity-routes.test.ts",
  "lib/wire/activity-kinds.test.ts",
  "lib/testing/activity-fixtures.ts",
  "lib/testing/activity-stores.ts",
  "lib/activity/activity-store.ts",
  "lib/activity/activity-store.test.ts",
  "lib/activity/activity-view.ts",
  "lib/activity/create-activity.ts",
  "lib/activity/create-activity.test.ts",
  "lib/activity/deps.ts",
  "lib/activity/enter-activity.ts",
  "lib/activity/enter-activity.test.ts",
  "lib/activity/invite.test.ts",
  "lib/activity/joined-action.ts",
  "lib/activity/owner.ts",
  "lib/activity/read-activity.ts",
  "lib/activity/read-activity.test.ts",
  "lib/activity/redis-activity-parts.ts",
  "lib/activity/kind-being-added.test.ts",
  "lib/activity/redis-activity-store.ts",
  "lib/activity/session-activity.ts",
  "lib/activity/session-key.ts",
  "lib/activity/verified-access.ts",
  "lib/activity/view-clock.test.ts",
  "lib/client/activity/activity-refresh.ts",
  "lib/client/activity/activity-refresh.test.ts",
  "lib/client/activity/use-activity.ts",
  "app/api/activity/route.ts",
  "app/api/activity/entry/route.ts",
  "app/api/activity/invite/route.ts",
  "app/_components/activity/activity-ended.tsx",
  "app/_components/activity/activity-panel.tsx",
  "app/_components/activity/create-activity-form.tsx",
  "app/_components/activity/text-field.tsx",
  "e2e/activities/access-ends.spec.ts",
  "e2e/activities/kinds/index.ts",
  "e2e/activities/kinds/kind-descriptor.ts",
  "e2e/activities/kinds/template.ts",
  "e2e/activities/every-kind.spec.ts",
  "e2e/support/activity.ts",
  "scripts/screenshot.ts",
  "scripts/screenshot-names.ts",
  "scripts/screenshot-names.test.ts",
  "docs/screenshots/call.png",
  "docs/screenshots/consent.png",
  "docs/screenshots/flow-inspector.png",
  "docs/screenshots/presenting.png",
  "docs/screenshots/presenting-1024x768.png",
  "docs/screenshots/presenting-phone.png",
  "docs/screenshots/signed-in.png",
];
