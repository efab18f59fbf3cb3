import { readFileSync } from "node:fs";
import { basename, extname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { build, type Plugin } from "esbuild";
import { readCachedBundle, writeCachedBundle, type BundleOutputs } from "./bundle-cache";

/**
 * The browser files of the campus page and the tile documents: two scripts, bundled from the
 * TypeScript in page/ (with the contract's zod schemas they import) with their source maps, and
 * two stylesheets, as they are.
 */
const SCRIPTS = { campus: "campus.ts", tile: "tile.ts" } as const;
const STYLES = ["campus.css", "tile.css"] as const;

const JAVASCRIPT = "text/javascript; charset=utf-8";
const CSS = "text/css; charset=utf-8";
const JSON_TYPE = "application/json; charset=utf-8";

/** The encodings a page asset is kept in besides its text, as Accept-Encoding names them. */
export type AssetEncoding = "br" | "gzip";
export const ASSET_ENCODINGS: readonly AssetEncoding[] = ["br", "gzip"];
export type PageAsset = { body: string; contentType: string; encode: (encoding: AssetEncoding) => Uint8Array<ArrayBuffer> };

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

/**
 * One ES module per entry, minified: the campus page is the first page a newcomer opens, and
 * unminified it was a script of about 450 kB. Its source map (fetched only by the browser's
 * developer tools) lets a reader of the page follow the TypeScript it was made from.
 */
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
    minify: true,
    sourcemap: "linked",
    logLevel: "silent",
    plugins: [withoutZodLocales],
  });
  const outputs: BundleOutputs = result.outputFiles.map((file) => [basename(file.path), file.text]);
  // Inputs of the plugin's own namespace are not files (their text is in this file).
  const inputPaths = Object.keys(result.metafile.inputs).filter((input) => !input.includes(":")).map((input) => resolve(input));
  writeCachedBundle(inputPaths, outputs);
  return outputs;
}

const COMPRESS: Record<AssetEncoding, (body: string) => Uint8Array<ArrayBuffer>> = {
  // A middle level: brotli's highest takes about a second for the page script, for 10 % fewer bytes.
  br: (body) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } }),
  gzip: (body) => gzipSync(body),
};

/** Each encoding is made on the first request that takes it, then kept: most runs ask for one, and none for the source maps. */
function toPageAsset(name: string, body: string): PageAsset {
  const contentType = { ".js": JAVASCRIPT, ".css": CSS, ".map": JSON_TYPE }[extname(name)] ?? JAVASCRIPT;
  const encoded: Partial<Record<AssetEncoding, Uint8Array<ArrayBuffer>>> = {};
  return { body, contentType, encode: (encoding) => (encoded[encoding] ??= COMPRESS[encoding](body)) };
}

async function buildPageAssets(): Promise<ReadonlyMap<string, PageAsset>> {
  const styles = STYLES.map((name): [string, string] => [name, readFileSync(pageFile(name), "utf8")]);
  const scripts = readCachedBundle() ?? (await bundleScripts());
  return new Map([...scripts, ...styles].map(([name, body]) => [name, toPageAsset(name, body)]));
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
