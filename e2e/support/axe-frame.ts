import AxeBuilder from "@axe-core/playwright";
import { expect, type Frame, type Page } from "@playwright/test";
import axe, { type AxeResults, type Result } from "axe-core";

/** The WCAG levels the app is held to: 2.2 AA, with the A and AA rules of 2.0 and 2.1. */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"];

const APP_FRAME = '[data-testid="app-frame"]';

function describe(violations: Result[]): string {
  return violations
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${JSON.stringify(node.target)} — ${node.failureSummary ?? ""}`))
    .join("\n");
}

export async function appFrameOf(page: Page): Promise<Frame> {
  const frame = await (await page.locator(APP_FRAME).elementHandle())?.contentFrame();
  if (!frame) throw new Error("The campus page has no app frame");
  return frame;
}

/**
 * axe-core run inside the app frame's own document. AxeBuilder on the campus page reaches frames
 * through an injection it gives up on after one second, skipping the frame silently on a busy
 * machine; here axe is injected into the frame (through the DevTools protocol, which the page's
 * CSP does not govern) and run there. The tile frames inside it are the campus's documents and
 * are left out; the app's own `<iframe>` elements are checked (their titles).
 */
async function analyzeFrame(frame: Frame): Promise<AxeResults> {
  await frame.evaluate(axe.source);
  return frame.evaluate(
    (tags) => (window as unknown as { axe: typeof axe }).axe.run(document, { runOnly: { type: "tag", values: tags }, iframes: false }),
    WCAG_TAGS,
  );
}

/** Asserts that axe finds nothing in the app frame of this campus page, and that it did check something there. */
export async function expectNoAppFrameViolations(page: Page) {
  const results = await analyzeFrame(await appFrameOf(page));
  expect(results.passes.length, "axe rules that passed in the app frame").toBeGreaterThan(0);
  expect(results.violations, describe(results.violations)).toEqual([]);
}

/** The app opened as a top-level page (outside the campus). */
export async function expectNoPageViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(results.passes.length).toBeGreaterThan(0);
  expect(results.violations, describe(results.violations)).toEqual([]);
}
