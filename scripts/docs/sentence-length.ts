// How long the sentences of README.md and docs/*.md are, so the docs stay quick to read: each file's
// mean sentence is at most MAX_MEAN_WORDS words and no sentence has over MAX_SENTENCE_WORDS.
// Only prose counts: fenced code, tables, headings, HTML comments and tags, images and link URLs
// are left out, and an inline code span is one word. A paragraph or a list item always ends a
// sentence. `npm run lint:docs` runs it (part of `npm run lint`); given file names, it checks those.
import { readdirSync, readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

export const MAX_MEAN_WORDS = 18;
export const MAX_SENTENCE_WORDS = 40;

/** Files the rule does not hold for, each with its reason. */
export const EXCLUDED: Record<string, string> = {
  // It is the platform's contract, kept word for word as the platform publishes it; rewriting it
  // here would make it a second, diverging contract.
  "docs/hosted-app-api.md": "the platform's contract, copied verbatim",
};

/** A sentence of prose: where it starts, its text as counted and its number of words. */
export type Sentence = { line: number; text: string; words: number };

export type FileReport = { sentences: Sentence[]; meanWords: number; long: Sentence[] };

/** Words that end with a period but do not end a sentence. */
const ABBREVIATIONS = new Set(["e.g.", "i.e.", "vs.", "cf.", "etc.", "approx.", "incl.", "al.", "fig.", "no.", "p.", "pp."]);
/** An abbreviation that also ends a sentence when the next word starts with a capital. */
const MAY_END = new Set(["etc."]);

/** Stands for an inline code span: one word, never a sentence end. */
const CODE_WORD = "CODE";

type Block = { lines: { text: string; line: number }[] };

const FENCE = /^\s*(`{3,}|~{3,})/;
const HEADING = /^\s{0,3}#{1,6}(\s|$)/;
const LIST_ITEM = /^\s*(?:[-*+]|\d+[.)])\s+/;
const THEMATIC_BREAK = /^\s{0,3}([-*_])(\s*\1){2,}\s*$/;
const SETEXT_UNDERLINE = /^\s{0,3}(=+|-+)\s*$/;
const TABLE_DELIMITER = /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/;
const LINK_DEFINITION = /^\s{0,3}\[[^\]]+\]:\s*\S+/;

/** The prose of a markdown file as blocks (paragraphs and list items), each line with its number. */
export function proseBlocks(markdown: string): Block[] {
  const lines = markdown.split(/\r?\n/);
  const blocks: Block[] = [];
  let current: Block | null = null;
  let fence: string | null = null;
  let inComment = false;
  let inTable = false;
  const close = () => {
    if (current && current.lines.length) blocks.push(current);
    current = null;
  };

  for (let index = 0; index < lines.length; index++) {
    let text = lines[index]!;
    const line = index + 1;

    if (fence) {
      if (text.trim().startsWith(fence)) fence = null;
      continue;
    }
    const opening = FENCE.exec(text);
    if (opening && !inComment) {
      close();
      fence = opening[1]!;
      continue;
    }

    // HTML comments, which may span lines.
    let kept = "";
    for (;;) {
      if (inComment) {
        const end = text.indexOf("-->");
        if (end === -1) {
          text = "";
          break;
        }
        text = text.slice(end + 3);
        inComment = false;
      }
      const start = text.indexOf("<!--");
      if (start === -1) {
        kept += text;
        break;
      }
      kept += `${text.slice(0, start)} `;
      text = text.slice(start + 4);
      inComment = true;
    }
    text = kept;

    const trimmed = text.trim();
    if (!trimmed) {
      // A comment line leaves the block open only when the line held nothing but the comment.
      if (lines[index]!.trim() === "") {
        close();
        inTable = false;
      }
      continue;
    }

    const next = lines[index + 1] ?? "";
    if (inTable || trimmed.startsWith("|") || (trimmed.includes("|") && TABLE_DELIMITER.test(next) && next.includes("|"))) {
      close();
      inTable = true;
      continue;
    }
    if (HEADING.test(text) || LINK_DEFINITION.test(text)) {
      close();
      continue;
    }
    if (SETEXT_UNDERLINE.test(text) && current) {
      // The paragraph above was a heading.
      current = null;
      continue;
    }
    if (THEMATIC_BREAK.test(text)) {
      close();
      continue;
    }

    const item = LIST_ITEM.exec(text);
    if (item) {
      close();
      current = { lines: [{ text: text.slice(item[0].length), line }] };
      continue;
    }
    const quoted = trimmed.replace(/^(>\s?)+/, "");
    if (!current) current = { lines: [] };
    current.lines.push({ text: quoted, line });
  }
  close();
  return blocks;
}

/** A line of markdown as the words a reader reads: code spans become one word, links their text. */
export function plainText(markdown: string): string {
  return (
    markdown
      // Inline code first: its content may look like anything else below.
      .replace(/(?<!`)(`+)(?!`)[\s\S]*?[^`]\1(?!`)/g, ` ${CODE_WORD} `)
      .replace(/!\[[^\]]*\]\([^)]*\)/g, " ")
      .replace(/!\[[^\]]*\]\[[^\]]*\]/g, " ")
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/\[([^\]]*)\]\[[^\]]*\]/g, "$1")
      .replace(/<(https?:[^>\s]+)>/g, "$1")
      .replace(/<\/?[A-Za-z][^>]*>/g, " ")
      .replace(/(\*\*|__)(?=\S)|(?<=\S)(\*\*|__)/g, "")
  );
}

function countWords(text: string): number {
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** Whether the word ending at a period, question or exclamation mark ends its sentence. */
function endsSentence(word: string, nextWord: string | undefined): boolean {
  if (nextWord === undefined) return true;
  const bare = word.replace(/^[("'“‘*_]+/, "").replace(/[)"'”’*_]+$/, "");
  const lower = bare.toLowerCase();
  if (bare.endsWith("...") || bare.endsWith("…")) return /^[("'“‘*_]*\p{Lu}/u.test(nextWord);
  if (!/[.!?]$/.test(bare)) return false;
  if (MAY_END.has(lower)) return /^[("'“‘*_]*\p{Lu}/u.test(nextWord);
  if (ABBREVIATIONS.has(lower)) return false;
  // An initial ("J. Smith"); a lowercase letter is a unit ("after 5 s.") and ends the sentence.
  if (/^\p{Lu}\.$/u.test(bare)) return false;
  return true;
}

/** Marks where a source line starts in a block's joined text; never part of a word. */
const LINE_MARK = "\u0001";

/** The sentences of one block; the block's end always ends one. */
export function blockSentences(block: Block): Sentence[] {
  // Joined before cleaning, so a code span or a link may run over a line break.
  const joined = block.lines.map(({ text, line }) => ` ${LINE_MARK}${line} ${text}`).join("\n");
  const words: { word: string; line: number }[] = [];
  let line = block.lines[0]?.line ?? 0;
  for (const word of plainText(joined).split(/\s+/)) {
    if (word.startsWith(LINE_MARK)) line = Number(word.slice(1));
    else if (word) words.push({ word, line });
  }
  const sentences: Sentence[] = [];
  let start = 0;
  for (let index = 0; index < words.length; index++) {
    const last = index === words.length - 1;
    if (!last && !endsSentence(words[index]!.word, words[index + 1]!.word)) continue;
    const text = words
      .slice(start, index + 1)
      .map(({ word }) => word)
      .join(" ");
    const count = countWords(text);
    if (count > 0) sentences.push({ line: words[start]!.line, text, words: count });
    start = index + 1;
  }
  return sentences;
}

/** The sentences of a markdown file, their mean length, and those over the limit. */
export function measure(markdown: string): FileReport {
  const sentences = proseBlocks(markdown).flatMap(blockSentences);
  const total = sentences.reduce((sum, { words }) => sum + words, 0);
  return {
    sentences,
    meanWords: sentences.length ? total / sentences.length : 0,
    long: sentences.filter(({ words }) => words > MAX_SENTENCE_WORDS),
  };
}

export function passes(report: FileReport): boolean {
  return report.meanWords <= MAX_MEAN_WORDS && report.long.length === 0;
}

/** README.md and every docs/*.md but the excluded ones. */
export function docFiles(root = "."): string[] {
  const docs = readdirSync(`${root}/docs`)
    .filter((name) => name.endsWith(".md"))
    .sort()
    .map((name) => `docs/${name}`);
  return ["README.md", ...docs].filter((file) => !(file in EXCLUDED));
}

function main(files: string[]): number {
  let failed = 0;
  for (const file of files) {
    const report = measure(readFileSync(file, "utf8"));
    const ok = passes(report);
    if (!ok) failed++;
    const mean = report.meanWords.toFixed(1);
    const meanNote = report.meanWords > MAX_MEAN_WORDS ? ` (over ${MAX_MEAN_WORDS})` : "";
    console.log(`${ok ? "ok  " : "FAIL"} ${file}: ${report.sentences.length} sentences, mean ${mean} words${meanNote}`);
    for (const sentence of report.long) console.log(`     ${file}:${sentence.line} has ${sentence.words} words (over ${MAX_SENTENCE_WORDS}): ${sentence.text}`);
  }
  for (const [file, reason] of Object.entries(EXCLUDED)) if (!process.argv.slice(2).length) console.log(`skip ${file}: ${reason}`);
  if (failed) console.log(`${failed} of ${files.length} files miss: a mean of at most ${MAX_MEAN_WORDS} words, no sentence over ${MAX_SENTENCE_WORDS}. Split sentences, or make a list.`);
  return failed ? 1 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const named = process.argv.slice(2);
  process.exitCode = main(named.length ? named : docFiles());
}
