import lighthouse, { desktopConfig, defaultConfig, type Config } from "lighthouse";
import puppeteer from "puppeteer-core";
import { CHROMIUM_ARGS, resolveChromiumPath } from "../../e2e/support/chromium";

export type FormFactor = "mobile" | "desktop";

/** Lighthouse's own settings for each: a throttled mid-range phone (its default), and a desktop. */
const CONFIGS: Record<FormFactor, Config> = { mobile: defaultConfig, desktop: desktopConfig };

export type LighthouseScore = {
  /** The performance category's score, 0-100. */
  performance: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  /** The elements whose shifts Lighthouse lists, largest first, by its selector for each. */
  shifted: string[];
  /** What Lighthouse's legacy-JavaScript insight counts as shipped for browsers that need none of it. */
  legacyJsBytes: number;
  legacyJsFindings: string[];
};

type LegacyItem = { url?: string; wastedBytes?: number; subItems?: { items?: { signal?: string }[] } };
type ShiftItem = { node?: { selector?: string }; score?: number };

/**
 * Lighthouse's performance category of each page, for each form factor, on the Chromium the
 * end-to-end runs drive: one fresh tab per page, one page at a time, in the order given, so that
 * pages compared with each other meet the same spell of the machine.
 */
export async function measureLighthouse(urls: readonly string[], formFactor: FormFactor): Promise<LighthouseScore[]> {
  const browser = await puppeteer.launch({ executablePath: resolveChromiumPath("browser"), headless: true, args: CHROMIUM_ARGS });
  try {
    const scores: LighthouseScore[] = [];
    for (const url of urls) {
      const page = await browser.newPage();
      try {
        const result = await lighthouse(url, { logLevel: "error", output: "json", onlyCategories: ["performance"] }, CONFIGS[formFactor], page);
        if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
        const { audits, categories } = result.lhr;
        const legacy = ((audits["legacy-javascript-insight"]?.details as { items?: LegacyItem[] } | undefined)?.items ?? []).filter((item) => item.url);
        scores.push({
          performance: categories.performance?.score == null ? null : Math.round(categories.performance.score * 100),
          lcpMs: audits["largest-contentful-paint"]?.numericValue ?? null,
          tbtMs: audits["total-blocking-time"]?.numericValue ?? null,
          cls: audits["cumulative-layout-shift"]?.numericValue ?? null,
          shifted: ((audits["layout-shifts"]?.details as { items?: ShiftItem[] } | undefined)?.items ?? []).map((item) => `${item.node?.selector ?? "?"} (${(item.score ?? 0).toFixed(3)})`),
          legacyJsBytes: legacy.reduce((sum, item) => sum + (item.wastedBytes ?? 0), 0),
          legacyJsFindings: legacy.flatMap((item) => item.subItems?.items?.map((sub) => sub.signal ?? "") ?? []).filter(Boolean),
        });
      } finally {
        await page.close();
      }
    }
    return scores;
  } finally {
    await browser.close();
  }
}
