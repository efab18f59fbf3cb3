import { readFileSync } from "node:fs";

/** Spec text by section number, for the flow inspector: "4.1" (POST /v1/apps/token), "5.3.2" (ready), … */
export type SpecExcerpts = Record<string, { title: string; text: string }>;

const SPEC_FILE = new URL("../../docs/hosted-app-api.md", import.meta.url);

function stripMarkdown(text: string): string {
  return text.replace(/\*\*/g, "").replace(/`/g, "").trim();
}

type Section = "endpoints" | "authentication" | "events" | null;

/** The parts quoted; any other heading ends the part before it. */
function readSection(heading: string): Section {
  if (heading.startsWith("### Details per endpoint")) return "endpoints";
  if (heading.startsWith("## 5.")) return "authentication";
  if (heading.startsWith("## 6.")) return "events";
  return null;
}

/**
 * The "Details per endpoint" items of part 4 (4.1-4.14), the login sequence steps of part 5
 * (5.3.1-5.3.5) and the iframe messages of part 6, read from the spec itself so the page quotes
 * it word for word.
 */
export function parseSpecExcerpts(markdown: string): SpecExcerpts {
  const excerpts: SpecExcerpts = {};
  let section: Section = null;
  let inLoginSequence = false;
  for (const line of markdown.split("\n")) {
    if (line.startsWith("#")) {
      section = readSection(line);
      continue;
    }
    const item = /^(\d+)\. \*\*(.+?)\*\*\s*(.*)$/.exec(line);
    if (section === "endpoints" && item) {
      excerpts[`4.${item[1]}`] = { title: stripMarkdown(item[2]!).replace(/\.$/, ""), text: stripMarkdown(item[3]!) };
    }
    if (section === "authentication") {
      if (item) inLoginSequence = item[2]!.startsWith("Login sequence");
      const step = /^ {3}(\d+)\. (.*)$/.exec(line);
      if (inLoginSequence && step) excerpts[`5.3.${step[1]}`] = { title: `Login sequence, step ${step[1]}`, text: stripMarkdown(step[2]!) };
    }
    if (section === "events" && line.startsWith("- Iframe messages")) {
      excerpts["6"] = { title: "Events: iframe messages", text: stripMarkdown(line.slice(2)) };
    }
  }
  return excerpts;
}

/** Read once at start-up; a campus without the spec file still runs, quoting nothing. */
export function loadSpecExcerpts(): SpecExcerpts {
  try {
    return parseSpecExcerpts(readFileSync(SPEC_FILE, "utf8"));
  } catch {
    return {};
  }
}
