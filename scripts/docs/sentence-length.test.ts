import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { docFiles, EXCLUDED, MAX_SENTENCE_WORDS, measure, passes, plainText } from "./sentence-length";

const words = (count: number, word = "word") => Array.from({ length: count }, () => word).join(" ");
const texts = (markdown: string) => measure(markdown).sentences.map(({ text }) => text);
const counts = (markdown: string) => measure(markdown).sentences.map(({ words: count }) => count);

describe("a sentence over the limit is found, with its line", () => {
  it("finds a sentence of 41 words and not one of 40", () => {
    const report = measure(`# Title\n\n${words(40)}.\n\nIntro line.\n${words(40, "long")} last.\n`);
    expect(report.long.map(({ line, words: count }) => ({ line, count }))).toEqual([{ line: 6, count: 41 }]);
    expect(passes(report)).toBe(false);
  });

  it("reads a sentence across wrapped lines as one", () => {
    expect(counts(`${words(20)}\n${words(21)}.`)).toEqual([MAX_SENTENCE_WORDS + 1]);
  });

  it("ends a sentence at . ! and ? followed by a space, and at the end of a paragraph", () => {
    expect(texts("One two. Three four! Five six? Seven\n\nEight nine")).toEqual(["One two.", "Three four!", "Five six?", "Seven", "Eight nine"]);
  });

  it("ends a sentence at the end of each list item, numbered or not", () => {
    expect(counts("Before the list:\n\n- one two\n  three\n- four\n1. five six\n2) seven\n")).toEqual([3, 3, 1, 2, 1]);
  });
});

describe("only prose counts", () => {
  it("leaves fenced code out, whatever it holds", () => {
    expect(texts(`Run this.\n\n\`\`\`sh\n${words(60)}. More code.\n\`\`\`\n\n~~~\n${words(50)}\n~~~\nDone.`)).toEqual(["Run this.", "Done."]);
  });

  it("counts an inline code span as one word, its periods and spaces included", () => {
    expect(counts("Run `npm run lint -- --fix. now` before `a.b`, then ``x ` y``.")).toEqual([6]);
  });

  it("leaves tables out, with or without their outer pipes", () => {
    const table = `| A | B |\n|---|---|\n| ${words(50)} | x |\n`;
    const bare = `A | B\n--- | ---\n${words(50)} | x\n`;
    expect(texts(`Above.\n\n${table}\n${bare}\nBelow.`)).toEqual(["Above.", "Below."]);
  });

  it("leaves headings, HTML comments, tags, images and link definitions out", () => {
    const markdown = [
      `## ${words(50)}`,
      "",
      `<!-- ${words(50)}`,
      `${words(10)} -->`,
      "",
      "![a picture with a long description](docs/screenshots/x.png)",
      "",
      "[ref]: https://example.com/a/b",
      "",
      "Text <!-- hidden words --> with<br>a tag.",
      "",
      "Setext title",
      "===",
    ].join("\n");
    expect(texts(markdown)).toEqual(["Text with a tag."]);
  });

  it("keeps a link's text and drops its URL", () => {
    expect(plainText("See [the guide](docs/make-it-yours.md#a-b.c) or [that][ref].")).toBe("See the guide or that.");
    expect(counts("See [the guide to it](https://example.com/a. b/c) now.")).toEqual([6]);
  });
});

describe("periods that do not end a sentence", () => {
  it("does not split at e.g., i.e., vs. or etc. before a lowercase word", () => {
    expect(counts("Use a store, e.g. Redis, i.e. one shared, vs. memory, etc. and more.")).toEqual([13]);
  });

  it("ends at etc. before a capital", () => {
    expect(counts("Votes, notes, etc. Then more.")).toEqual([3, 2]);
  });

  it("does not split version numbers, decimals, file names or URLs", () => {
    expect(counts("Node 24.1.0 takes 1.5 s to read docs/make-it-yours.md from example.com/a.b today.")).toEqual([11]);
  });

  it("splits after a unit such as s or ms, not after an initial", () => {
    expect(counts("It stops after 5 s. Then it waits 10 ms. Ask J. Smith.")).toEqual([5, 5, 3]);
  });

  it("splits after an ellipsis only before a capital", () => {
    expect(counts("It waits… and waits... Then it ends.")).toEqual([4, 3]);
  });

  it("splits after a closing parenthesis or quote", () => {
    expect(texts('It ends (like this.) Then "this one." And so.')).toEqual(["It ends (like this.)", 'Then "this one."', "And so."]);
  });
});

describe("the mean", () => {
  it("is the words of all sentences over their number", () => {
    const report = measure("One two three. Four.\n\n- five six\n\n| not | counted |\n|---|---|\n");
    expect(report.sentences.map(({ words: count }) => count)).toEqual([3, 1, 2]);
    expect(report.meanWords).toBe(2);
  });

  it("does not count punctuation standing alone as a word", () => {
    expect(counts("One — two → three - four.")).toEqual([4]);
  });

  it("fails a file whose mean is over 18 even when no sentence is over 40", () => {
    const report = measure(`${words(19)}. ${words(19)}.`);
    expect(report.long).toEqual([]);
    expect(report.meanWords).toBe(19);
    expect(passes(report)).toBe(false);
    expect(passes(measure(`${words(18)}. ${words(18)}.`))).toBe(true);
  });
});

describe("the files checked", () => {
  it("are README.md and every docs/*.md but the excluded ones, which exist", () => {
    const files = docFiles();
    expect(files[0]).toBe("README.md");
    expect(files).toContain("docs/architecture.md");
    for (const excluded of Object.keys(EXCLUDED)) {
      expect(existsSync(excluded), excluded).toBe(true);
      expect(files).not.toContain(excluded);
    }
  });
});
