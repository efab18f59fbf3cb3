import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import type { NodeResult, Result } from "axe-core";

/** The WCAG levels the app is held to: 2.2 AA, with the A and AA rules of 2.0 and 2.1. */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"];

/**
 * axe runs in every frame of the page and names a node inside a frame by the path of selectors
 * that leads to it (the frame first). The campus page has one frame, the app's, whose tile frames
 * nest inside it: any node with a path longer than one is the app's.
 */
const inAppFrame = (node: NodeResult) => node.target.length > 1;

function onlyAppFrame(results: Result[]): Result[] {
  return results.map((result) => ({ ...result, nodes: result.nodes.filter(inAppFrame) })).filter((result) => result.nodes.length > 0);
}

function describe(violations: Result[]): string {
  return violations
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${JSON.stringify(node.target)} — ${node.failureSummary ?? ""}`))
    .join("\n");
}

/** Asserts that axe finds nothing in the app frame of this campus page, and that it did look inside it. */
export async function expectNoAppFrameViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const checked = onlyAppFrame(results.passes).reduce((count, rule) => count + rule.nodes.length, 0);
  expect(checked, "axe checked nodes inside the app frame").toBeGreaterThan(0);
  const violations = onlyAppFrame(results.violations);
  expect(violations, describe(violations)).toEqual([]);
}

/** The app opened as a top-level page (outside the campus). */
export async function expectNoPageViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(results.passes.length).toBeGreaterThan(0);
  expect(results.violations, describe(results.violations)).toEqual([]);
}
