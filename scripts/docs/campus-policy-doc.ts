// The local campus's rules in docs/assumptions.md, made from campus/core/policy.ts: policy.ts is
// the one source (its section headings, its "- " statements, and each constant with its doc
// comment and current value), and only the text between the two markers is replaced.
// `npx tsx scripts/docs/campus-policy-doc.ts` rewrites it; campus-policy-doc.test.ts fails when
// the doc and policy.ts differ.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

export const POLICY_START = "<!-- campus-policy:start -->";
export const POLICY_END = "<!-- campus-policy:end -->";
export const POLICY_PATH = "campus/core/policy.ts";
export const ASSUMPTIONS_PATH = "docs/assumptions.md";

/** A value longer than this is shown in a block below its section's table. */
const INLINE_VALUE_MAX_CHARS = 100;

type Setting = { names: string[]; rule: string };
type Section = { title: string; statements: string[]; settings: Setting[] };

/** policy.ts read line by line: `// ── Title ──` opens a section, `// - ` is a statement, a doc comment names the constants after it. */
export function parsePolicy(source: string): Section[] {
  const sections: Section[] = [];
  const lines = source.split("\n");
  let doc: string[] | null = null;
  let setting: Setting | null = null;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!.trim();
    const heading = /^\/\/ ─+ (.+?) ─+$/.exec(line);
    if (heading) {
      sections.push({ title: heading[1]!, statements: [], settings: [] });
      setting = null;
      continue;
    }
    const section = sections.at(-1);
    if (!section) continue; // the file's own header comment
    if (line.startsWith("// - ")) section.statements.push(line.slice("// - ".length));
    else if (line.startsWith("/**")) {
      doc = [];
      let text = line;
      for (;;) {
        const last = text.endsWith("*/");
        doc.push(text.replace(/\s*\*\/$/, "").replace(/^\/\*\*\s?|^\*\s?/, ""));
        if (last) break;
        text = lines[++index]!.trim();
      }
      setting = null;
    } else if (line.startsWith("export const ")) {
      const name = /^export const (\w+)/.exec(line)![1]!;
      if (setting) setting.names.push(name);
      else if (doc) {
        setting = { names: [name], rule: doc.filter(Boolean).join(" ") };
        section.settings.push(setting);
        doc = null;
      } else throw new Error(`${POLICY_PATH}: ${name} has no doc comment saying the rule it holds`);
    } else if (line === "") setting = null;
  }
  return sections;
}

/** The section of docs/assumptions.md between the markers, from policy.ts and its module's current values. */
export function renderPolicy(source: string, values: Record<string, unknown>): string {
  const out = [`<!-- Made from ${POLICY_PATH} by \`npx tsx scripts/docs/campus-policy-doc.ts\`: change the rule there, not here. -->`];
  for (const section of parsePolicy(source)) {
    out.push("", `### ${section.title}`, "");
    for (const statement of section.statements) out.push(`- ${statement}`);
    if (!section.settings.length) continue;
    if (section.statements.length) out.push("");
    out.push("| Setting | Value | Rule |", "|---|---|---|");
    const blocks: string[] = [];
    for (const { names, rule } of section.settings) {
      const shown = names.map((name) => {
        if (!(name in values)) throw new Error(`${POLICY_PATH} exports no ${name}`);
        const value = JSON.stringify(values[name]);
        if (value.length <= INLINE_VALUE_MAX_CHARS) return `\`${value}\``;
        blocks.push("", `\`${name}\`:`, "", "```json", entryPerLine(values[name]), "```");
        return "below";
      });
      out.push(`| ${names.map((name) => `\`${name}\``).join("<br>")} | ${shown.join("<br>")} | ${cell(rule)} |`);
    }
    out.push(...blocks);
  }
  return out.join("\n");
}

/** `doc` with the text between the markers replaced; throws when they are missing. */
export function replacePolicySection(doc: string, section: string): string {
  const start = doc.indexOf(POLICY_START);
  const end = doc.indexOf(POLICY_END);
  if (start === -1 || end === -1 || end < start) throw new Error(`${ASSUMPTIONS_PATH} needs the markers ${POLICY_START} and ${POLICY_END}, in that order`);
  return `${doc.slice(0, start + POLICY_START.length)}\n${section}\n${doc.slice(end)}`;
}

/** An object one entry a line; anything else as compact JSON. */
function entryPerLine(value: unknown): string {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return JSON.stringify(value);
  const entries = Object.entries(value).map(([key, entry]) => `  ${JSON.stringify(key)}: ${JSON.stringify(entry)}`);
  return `{\n${entries.join(",\n")}\n}`;
}

function cell(text: string): string {
  return text.replace(/\|/g, "\\|");
}

async function main() {
  const values = (await import(pathToFileURL(POLICY_PATH).href)) as Record<string, unknown>;
  const doc = readFileSync(ASSUMPTIONS_PATH, "utf8");
  writeFileSync(ASSUMPTIONS_PATH, replacePolicySection(doc, renderPolicy(readFileSync(POLICY_PATH, "utf8"), values)));
  console.log(`${ASSUMPTIONS_PATH}: the local campus's rules written from ${POLICY_PATH}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
