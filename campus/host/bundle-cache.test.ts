import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { readCachedBundle, writeCachedBundle, type BundleOutputs } from "./bundle-cache";

const OUTPUTS: BundleOutputs = [["tile.js", "console.log('tile');"]];

describe("the campus page's bundle cache", () => {
  let dir: string;
  let cacheFile: string;
  let input: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "bundle-cache-"));
    cacheFile = join(dir, "cache", "scripts.json");
    input = join(dir, "tile.ts");
    writeFileSync(input, "export const frames = 0;");
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  test("gives back the bundle while every input is as it was", () => {
    expect(readCachedBundle(cacheFile)).toBeUndefined();
    writeCachedBundle([input], OUTPUTS, cacheFile);
    expect(readCachedBundle(cacheFile)).toEqual(OUTPUTS);
  });

  test("bundles afresh when an input changed or is gone", () => {
    writeCachedBundle([input], OUTPUTS, cacheFile);
    writeFileSync(input, "export const frames = 1;");
    expect(readCachedBundle(cacheFile)).toBeUndefined();

    writeCachedBundle([input], OUTPUTS, cacheFile);
    rmSync(input);
    expect(readCachedBundle(cacheFile)).toBeUndefined();
  });

  test("a damaged cache file is a miss, not an error", () => {
    writeCachedBundle([input], OUTPUTS, cacheFile);
    writeFileSync(cacheFile, '{"inputs": {}, "outputs": [["tile.js"');
    expect(readCachedBundle(cacheFile)).toBeUndefined();
    writeFileSync(cacheFile, JSON.stringify({ inputs: {}, outputs: "tile.js" }));
    expect(readCachedBundle(cacheFile)).toBeUndefined();
  });
});
