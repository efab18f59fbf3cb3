import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as policy from "../../campus/core/policy";
import { ASSUMPTIONS_PATH, parsePolicy, POLICY_END, POLICY_PATH, POLICY_START, renderPolicy, replacePolicySection } from "./campus-policy-doc";

const fixture = `/**
 * The file's own header, not a rule.
 */
import type { ErrorCode } from "../../lib/contract";

// ── Answers ───────────────────────────────

/** A body over this many bytes is 413. */
export const LIMIT = 16 * 1024;

/**
 * Two values under one rule: how long and how often,
 * on the campus clock.
 */
export const WAIT_MS = 2_000;
export const CHECK_MS = 500;

// Behavior (answers):
// - Unknown paths answer 404.

// ── Tables (spec 3) ──

// - A statement before the table.

/** Who may move: a | b. */
export const MOVES = { "a/b": { by: "host", from: ["none", "requested", "approved", "and", "more", "states", "to", "make", "it", "long"] } } as const;
`;
const values = { LIMIT: 16384, WAIT_MS: 2000, CHECK_MS: 500, MOVES: policyValue() };

function policyValue() {
  return { "a/b": { by: "host", from: ["none", "requested", "approved", "and", "more", "states", "to", "make", "it", "long"] } };
}

describe("docs/assumptions.md states the local campus's rules as campus/core/policy.ts holds them", () => {
  it("the section between the markers is what policy.ts makes today (npx tsx scripts/docs/campus-policy-doc.ts rewrites it)", () => {
    const doc = readFileSync(ASSUMPTIONS_PATH, "utf8");
    const expected = replacePolicySection(doc, renderPolicy(readFileSync(POLICY_PATH, "utf8"), policy));
    expect(doc).toBe(expected);
  });

  it("every constant policy.ts exports is in the doc with its current value", () => {
    const doc = readFileSync(ASSUMPTIONS_PATH, "utf8");
    const section = doc.slice(doc.indexOf(POLICY_START), doc.indexOf(POLICY_END));
    for (const [name, value] of Object.entries(policy)) {
      expect(section, name).toContain(`\`${name}\``);
      if (JSON.stringify(value).length <= 100) expect(section, name).toContain(`\`${JSON.stringify(value)}\``);
    }
  });
});

describe("policy.ts is read by its headings, statements and doc comments", () => {
  it("groups statements and constants under their section, one row per doc comment", () => {
    expect(parsePolicy(fixture)).toEqual([
      {
        title: "Answers",
        statements: ["Unknown paths answer 404."],
        settings: [
          { names: ["LIMIT"], rule: "A body over this many bytes is 413." },
          { names: ["WAIT_MS", "CHECK_MS"], rule: "Two values under one rule: how long and how often, on the campus clock." },
        ],
      },
      { title: "Tables (spec 3)", statements: ["A statement before the table."], settings: [{ names: ["MOVES"], rule: "Who may move: a | b." }] },
    ]);
  });

  it("renders each section's statements, then its settings with their values; a long value below the table", () => {
    expect(renderPolicy(fixture, values).split("\n").slice(1)).toEqual([
      "",
      "### Answers",
      "",
      "- Unknown paths answer 404.",
      "",
      "| Setting | Value | Rule |",
      "|---|---|---|",
      "| `LIMIT` | `16384` | A body over this many bytes is 413. |",
      "| `WAIT_MS`<br>`CHECK_MS` | `2000`<br>`500` | Two values under one rule: how long and how often, on the campus clock. |",
      "",
      "### Tables (spec 3)",
      "",
      "- A statement before the table.",
      "",
      "| Setting | Value | Rule |",
      "|---|---|---|",
      "| `MOVES` | below | Who may move: a \\| b. |",
      "",
      "`MOVES`:",
      "",
      "```json",
      "{",
      `  "a/b": ${JSON.stringify(policyValue()["a/b"])}`,
      "}",
      "```",
    ]);
  });

  it("refuses a constant without a doc comment, and a doc without its markers", () => {
    expect(() => parsePolicy("// ── A ──\n\nexport const BARE = 1;\n")).toThrow(/BARE has no doc comment/);
    expect(() => renderPolicy(fixture, { LIMIT: 1 })).toThrow(/exports no WAIT_MS/);
    expect(() => replacePolicySection("# Assumptions\n", "x")).toThrow(/needs the markers/);
  });
});
