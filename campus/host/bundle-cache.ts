import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

/**
 * The campus page's bundled scripts, kept between starts in node_modules/.cache (where build tools
 * keep theirs): bundling takes a second or more, and every campus start (each test worker's
 * included) would pay it. An entry holds a digest of every file the bundle read, the page's
 * TypeScript, the contract's schemas and zod's own files, plus the files that decide how it is
 * bundled; any change to one of them bundles afresh.
 */
const CACHE_FILE = fileURLToPath(new URL("../../node_modules/.cache/campus-page/scripts.json", import.meta.url));
const BUNDLER_FILES = [fileURLToPath(new URL("./assets.ts", import.meta.url)), fileURLToPath(import.meta.url)];

const CachedBundle = z.object({
  inputs: z.record(z.string(), z.string()),
  outputs: z.array(z.tuple([z.string(), z.string()])),
});
/** Output file name → its text. */
export type BundleOutputs = [name: string, text: string][];

const digest = (path: string) => createHash("sha256").update(readFileSync(path)).digest("base64url");

/** The cached outputs when every input is as it was; undefined when anything differs or is missing. */
export function readCachedBundle(cacheFile = CACHE_FILE): BundleOutputs | undefined {
  try {
    const cached = CachedBundle.parse(JSON.parse(readFileSync(cacheFile, "utf8")));
    for (const [path, sum] of Object.entries(cached.inputs)) if (digest(path) !== sum) return undefined;
    return cached.outputs;
  } catch {
    return undefined;
  }
}

/** Keeps a fresh bundle; written whole and renamed into place, so concurrent starts never read half a file. */
export function writeCachedBundle(inputPaths: readonly string[], outputs: BundleOutputs, cacheFile = CACHE_FILE): void {
  try {
    const inputs = Object.fromEntries([...inputPaths, ...BUNDLER_FILES].map((path) => [path, digest(path)]));
    mkdirSync(dirname(cacheFile), { recursive: true });
    const partial = `${cacheFile}.${process.pid}`;
    writeFileSync(partial, JSON.stringify({ inputs, outputs }));
    renameSync(partial, cacheFile);
  } catch {
    // A cache that cannot be written only makes the next start bundle again.
  }
}
