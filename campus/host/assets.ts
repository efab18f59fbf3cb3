import { readFileSync } from "node:fs";
import { basename, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build, type Plugin } from "esbuild";
import { readCachedBundle, writeCachedBundle, type BundleOutputs } from "./bundle-cache";

/**
 * The browser files of the campus page and the tile documents: two scripts, bundled from the
 * TypeScript in page/ (with the contract's zod schemas they import), and two stylesheets, as they are.
 */
const SCRIPTS = { campus: "campus.ts", tile: "tile.ts" } as const;
const STYLES = ["campus.css", "tile.css"] as const;

const JAVASCRIPT = "text/javascript; charset=utf-8";
const CSS = "text/css; charset=utf-8";

export type PageAsset = { body: string; contentType: string };

const pageFile = (name: string) => fileURLToPath(new URL(`../page/${name}`, import.meta.url));

/**
 * zod's `z` namespace carries every language's error messages (`z.locales`, half the bundle); the
 * page speaks English, which zod loads on its own. Should zod move the file, the bundle is only larger.
 */
const withoutZodLocales: Plugin = {
  name: "without-zod-locales",
  setup(bundler) {
    bundler.onResolve({ filter: /\/locales\/index\.js$/ }, (args) => (/[\\/]zod[\\/]/.test(args.importer) ? { path: args.path, namespace: "zod-locales" } : undefined));
    bundler.onLoad({ filter: /.*/, namespace: "zod-locales" }, () => ({ contents: "export {};", loader: "js" }));
  },
};

/** One ES module per entry; unminified, so that a reader of the page in the browser can follow it. */
async function bundleScripts(): Promise<BundleOutputs> {
  const result = await build({
    entryPoints: Object.entries(SCRIPTS).map(([out, entry]) => ({ in: pageFile(entry), out })),
    outdir: pageFile("."),
    absWorkingDir: process.cwd(),
    bundle: true,
    write: false,
    metafile: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    charset: "utf8",
    logLevel: "silent",
    plugins: [withoutZodLocales],
  });
  const outputs: BundleOutputs = result.outputFiles.map((file) => [basename(file.path), file.text]);
  // Inputs of the plugin's own namespace are not files (their text is in this file).
  const inputPaths = Object.keys(result.metafile.inputs).filter((input) => !input.includes(":")).map((input) => resolve(input));
  writeCachedBundle(inputPaths, outputs);
  return outputs;
}

async function buildPageAssets(): Promise<ReadonlyMap<string, PageAsset>> {
  const styles = STYLES.map((name): [string, PageAsset] => [name, { body: readFileSync(pageFile(name), "utf8"), contentType: CSS }]);
  const scripts = readCachedBundle() ?? (await bundleScripts());
  return new Map([...scripts.map(([name, text]): [string, PageAsset] => [name, { body: text, contentType: JAVASCRIPT }]), ...styles]);
}

let assets: Promise<ReadonlyMap<string, PageAsset>> | undefined;

/**
 * Bundled (or taken from the bundle cache) and read once per process, on first use: `npm run campus` waits for this before it
 * listens, so the first page is served at once; in-process tests that ask for no asset never bundle.
 * Unknown names are undefined so that the route answers 404.
 */
export function loadPageAssets(): Promise<ReadonlyMap<string, PageAsset>> {
  assets ??= buildPageAssets();
  return assets;
}
