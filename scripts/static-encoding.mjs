// The static chunks go out compressed with no proxy in front (the container is deployed as is):
// `npm run build` writes a brotli and a gzip copy beside each text file of .next/static, and the
// start script answers /_next/static/ from them before Next sees the request, by the request's
// Accept-Encoding. Pages and API answers stay Next's own, uncompressed (next.config.mjs says why).
import { createReadStream, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** Where Next serves the build's static folder. */
export const STATIC_PREFIX = "/_next/static/";

/** The types Next's own static serving gives these files (the `send` package), so only the encoding differs. */
const CONTENT_TYPES = {
  ".js": "application/javascript; charset=UTF-8",
  ".mjs": "application/javascript; charset=UTF-8",
  ".css": "text/css; charset=UTF-8",
  ".json": "application/json; charset=UTF-8",
  ".map": "application/json; charset=UTF-8",
  ".txt": "text/plain; charset=UTF-8",
  ".svg": "image/svg+xml",
};

/** Preferred first: brotli is about a fifth smaller than gzip on the chunks, and every current browser takes both. */
const ENCODINGS = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
];

/**
 * What Next answers for these files on its own, kept here because this answer bypasses Next: its
 * static folder's caching (the names hold the content's hash) and next.config.mjs's headers for
 * every response. The end-to-end check compares both answers (e2e/hostile/static-encoding.spec.ts).
 */
const FIXED_HEADERS = {
  "Cache-Control": "public, max-age=31536000, immutable",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
};

const contentTypeOf = (file) => CONTENT_TYPES[path.extname(file)];

function listFiles(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Writes `<file>.br` and `<file>.gz` beside each text file under `dir`, each only where it is
 * smaller than the file; at the highest levels, since this runs once per build.
 */
export function precompressStatic(dir) {
  const totals = { files: 0, rawBytes: 0, brBytes: 0, gzipBytes: 0 };
  for (const file of listFiles(dir)) {
    if (!contentTypeOf(file)) continue;
    const body = readFileSync(file);
    const br = brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
    });
    const gzip = gzipSync(body, { level: constants.Z_BEST_COMPRESSION });
    totals.files += 1;
    totals.rawBytes += body.length;
    totals.brBytes += Math.min(br.length, body.length);
    totals.gzipBytes += Math.min(gzip.length, body.length);
    if (br.length < body.length) writeFileSync(`${file}.br`, br);
    if (gzip.length < body.length) writeFileSync(`${file}.gz`, gzip);
  }
  return totals;
}

/**
 * Every file under `dir` that has a compressed copy, by the URL path Next serves it at. Requests
 * are looked up here by their exact path, so no path from a request ever reaches the file system.
 */
export function indexStaticFiles(dir, prefix = STATIC_PREFIX) {
  const index = new Map();
  const files = new Set(listFiles(dir));
  for (const file of files) {
    const type = contentTypeOf(file);
    if (!type) continue;
    const variants = { identity: { file, size: statSync(file).size } };
    for (const { name, suffix } of ENCODINGS) if (files.has(file + suffix)) variants[name] = { file: file + suffix, size: statSync(file + suffix).size };
    if (Object.keys(variants).length === 1) continue;
    index.set(prefix + path.relative(dir, file).split(path.sep).join("/"), { type, variants });
  }
  return index;
}

/** The quality (RFC 9110 12.5.3) the header gives an encoding: its own entry's, else `*`'s, else 0. */
function qualityOf(entries, name) {
  const own = entries.get(name) ?? entries.get("*");
  return own ?? 0;
}

/** The encoding to answer with, among those available: brotli, then gzip, then none. */
export function chooseEncoding(acceptEncoding, available) {
  const entries = new Map();
  for (const part of (acceptEncoding ?? "").split(",")) {
    const [token, ...parameters] = part.split(";").map((piece) => piece.trim().toLowerCase());
    if (!token) continue;
    const q = parameters.find((parameter) => parameter.startsWith("q="));
    const quality = q === undefined ? 1 : Number(q.slice(2));
    entries.set(token, Number.isFinite(quality) ? quality : 0);
  }
  for (const { name } of ENCODINGS) if (available.includes(name) && qualityOf(entries, name) > 0) return name;
  return "identity";
}

/**
 * A request listener for the precompressed files under `dir`: it answers a GET or HEAD of one of
 * them and returns true, and returns false for anything else, which Next then answers.
 */
export function createStaticListener(dir) {
  const index = indexStaticFiles(dir);
  return (request, response) => {
    if (request.method !== "GET" && request.method !== "HEAD") return false;
    const url = request.url ?? "";
    const query = url.indexOf("?");
    const entry = index.get(query === -1 ? url : url.slice(0, query));
    if (!entry) return false;
    const encoding = chooseEncoding(request.headers["accept-encoding"], Object.keys(entry.variants));
    const variant = entry.variants[encoding];
    response.statusCode = 200;
    for (const [name, value] of Object.entries(FIXED_HEADERS)) response.setHeader(name, value);
    response.setHeader("Content-Type", entry.type);
    // Every answer for this path depends on the header, the uncompressed one too, so a shared cache keeps them apart.
    response.setHeader("Vary", "Accept-Encoding");
    if (encoding !== "identity") response.setHeader("Content-Encoding", encoding);
    response.setHeader("Content-Length", variant.size);
    if (request.method === "HEAD") {
      response.end();
      return true;
    }
    createReadStream(variant.file)
      .on("error", () => response.destroy())
      .pipe(response);
    return true;
  };
}

/**
 * Puts the listener for `dir` in front of the next server `http.createServer` makes (Next's, in
 * the standalone server.js), then gives `http` its own createServer back. Next has no hook for a
 * listener of its own in front of its server, and a proxy process would add a hop to every heartbeat.
 */
export function serveStaticFirst(http, dir) {
  const serveStatic = createStaticListener(dir);
  const createServer = http.createServer;
  http.createServer = function (...args) {
    http.createServer = createServer;
    const last = args.length - 1;
    const next = args[last];
    if (typeof next === "function") args[last] = (request, response) => (serveStatic(request, response) ? undefined : next(request, response));
    return createServer.apply(this, args);
  };
}
