// The pictures scripts/screenshot.ts takes, each docs/screenshots/<name>.png: the stages of the
// call view, then one per activity kind, named after it. No browser imports, so the README's
// table can be checked against it in a unit test (screenshot-names.test.ts).
import { ACTIVITY_KINDS } from "../lib/shared/activity-kinds.ts";

export const SCREENSHOT_DIR = "docs/screenshots";

/** The stages of the demo every app has, in the order they are taken. */
export const STAGE_SCREENSHOTS = ["consent", "signed-in", "call", "flow-inspector", "presenting", "presenting-1024x768", "presenting-phone"] as const;

/** Every picture, the stages then each kind of ACTIVITY_KINDS. */
export function screenshotNames(): string[] {
  return [...STAGE_SCREENSHOTS, ...ACTIVITY_KINDS];
}
