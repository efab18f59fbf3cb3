// The standalone server loads each route's server code from chunk files. Turbopack writes the code
// that the App Router's API routes share into one chunk per route: files that are byte for byte the
// same but for the name of their source map. Node keeps the source of each file it loads, so an
// idle process held thirteen copies of one 361 kB chunk (docs/performance.md, "What holds a
// process's memory"). Turbopack's Node runtime loads a chunk with require() and installs each of
// its modules once, by the module's ID, reading the chunk's array and changing nothing in it. So
// every copy but one becomes a line that requires that one, and Node loads the code once.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/** How a chunk of Turbopack's Node runtime starts: the module IDs and factories it installs. */
const CHUNK_START = "module.exports=[";
/** The last line of a chunk, naming its own source map: the only part in which copies differ. */
const SOURCE_MAP_COMMENT = /\n\/\/# sourceMappingURL=[^\n]*\n?$/;

/**
 * Makes every chunk under `dir` whose code another chunk has already a one-line file that
 * requires that chunk (the first by name). Returns how many files and bytes were copies. A build
 * laid out otherwise (another Next) has no such folder: nothing is shared, and nothing breaks.
 */
export function shareIdenticalServerChunks(dir) {
  if (!existsSync(dir)) return { files: 0, bytes: 0 };
  const byCode = new Map();
  for (const file of readdirSync(dir, { recursive: true })) {
    if (!file.endsWith(".js")) continue;
    const text = readFileSync(path.join(dir, file), "utf8");
    if (!text.startsWith(CHUNK_START)) continue;
    const code = createHash("sha256").update(text.replace(SOURCE_MAP_COMMENT, "")).digest("hex");
    if (!byCode.has(code)) byCode.set(code, []);
    byCode.get(code).push({ file, bytes: Buffer.byteLength(text) });
  }
  let files = 0;
  let bytes = 0;
  for (const copies of byCode.values()) {
    const [first, ...others] = copies.sort((a, b) => (a.file < b.file ? -1 : 1));
    for (const copy of others) {
      writeFileSync(path.join(dir, copy.file), `module.exports = require(${JSON.stringify(requirePath(copy.file, first.file))});\n`);
      files += 1;
      bytes += copy.bytes;
    }
  }
  return { files, bytes };
}

/** `to` as require() names it from the folder of `from` (both relative to one folder). */
function requirePath(from, to) {
  const relative = path.relative(path.dirname(from), to).split(path.sep).join("/");
  return relative.startsWith(".") ? relative : `./${relative}`;
}
