import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * What CI runs is named by content, not by a name its publisher can move: a tag of an action can be
 * pointed at other code any day, a commit cannot.
 */

const ROOT = path.resolve(import.meta.dirname, "..");
const WORKFLOWS = path.join(ROOT, ".github/workflows");

/** Every `uses:` line of the workflows, with the file it is in. */
function actionRefs() {
  return readdirSync(WORKFLOWS)
    .filter((file) => /\.ya?ml$/.test(file))
    .flatMap((file) =>
      readFileSync(path.join(WORKFLOWS, file), "utf8")
        .split("\n")
        .flatMap((line) => {
          const match = /^\s*(?:-\s+)?uses:\s*(.+)$/.exec(line);
          return match?.[1] ? [{ file, ref: match[1].trim() }] : [];
        }),
    );
}

describe("the workflows' actions (.github/workflows)", () => {
  it("are there to check", () => {
    expect(actionRefs().length).toBeGreaterThan(0);
  });

  it("are each pinned by a full commit SHA, with the release it is named in a comment", () => {
    const unpinned = actionRefs().filter(({ ref }) => !/^[\w.-]+\/[\w./-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$/.test(ref));
    expect(unpinned).toEqual([]);
  });
});
