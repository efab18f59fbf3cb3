import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { SCREENSHOT_DIR, screenshotNames } from "./screenshot-names";

function picturesInReadme(): string[] {
  const readme = readFileSync("README.md", "utf8");
  return [...readme.matchAll(/\]\(docs\/screenshots\/([\w-]+)\.png\)/g)].map((match) => match[1]!);
}

// A kind added to ACTIVITY_KINDS or removed from it fails here until its picture and its README cell follow.
describe("the README's pictures are the ones scripts/screenshot.ts takes", () => {
  test("the README shows each picture once, and no other", () => {
    expect(picturesInReadme().toSorted()).toEqual(screenshotNames().toSorted());
  });

  test("docs/screenshots holds each picture, and no other", () => {
    const files = readdirSync(SCREENSHOT_DIR).filter((name) => name.endsWith(".png"));
    expect(files.toSorted()).toEqual(screenshotNames().map((name) => `${name}.png`).toSorted());
  });
});
