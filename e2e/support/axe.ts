import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** The WCAG levels the project holds itself to: 2.0 A and AA, 2.1 AA, 2.2 AA. */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"];

export type AxeScope = {
  /** Only these parts (CSS selectors; for a frame's content, [frame selector, inner selector]). */
  include?: (string | string[])[];
  /** Left out, e.g. an iframe whose document another check covers. */
  exclude?: (string | string[])[];
};

/**
 * Runs axe-core on the page as it is now and fails with a readable list of every violation:
 * rule, impact, help and the offending elements.
 */
export async function expectNoAxeViolations(page: Page, { include = [], exclude = [] }: AxeScope = {}) {
  let builder = new AxeBuilder({ page }).withTags(AXE_TAGS);
  for (const selector of include) builder = builder.include(selector);
  for (const selector of exclude) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const readable = violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    elements: violation.nodes.map((node) => `${node.target.join(" ")}: ${node.failureSummary ?? ""}`.trim()),
  }));
  expect(readable, "axe-core violations").toEqual([]);
}
