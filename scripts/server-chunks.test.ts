import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { shareIdenticalServerChunks } from "./server-chunks.mjs";

/*
 * A build's server chunks in miniature, written as Turbopack writes them: an array of module IDs
 * and factories, and a last line naming the chunk's own source map.
 */

const chunk = (code: string, name: string) => `module.exports=[7,e=>{e.s(["v",0,${JSON.stringify(code)}])}];\n\n//# sourceMappingURL=${name}.map\n`;
const SHARED = chunk("the routes' shared code ".repeat(50), "placeholder");

let dir: string;
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), text);
};
const read = (file: string) => readFileSync(path.join(dir, file), "utf8");

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "server-chunks-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("shareIdenticalServerChunks", () => {
  it("makes each copy of a chunk load the first, by name, and leaves the first as it was", () => {
    const [first, second, nested] = ["[root]__0a._.js", "[root]__1b._.js", "ssr/[root]__2c._.js"].map((file) => {
      const text = SHARED.replace("placeholder", path.basename(file));
      write(file, text);
      return { file, text };
    });
    const result = shareIdenticalServerChunks(dir);
    expect(read(first!.file)).toBe(first!.text);
    expect(read(second!.file)).toBe(`module.exports = require("./[root]__0a._.js");\n`);
    expect(read(nested!.file)).toBe(`module.exports = require("../[root]__0a._.js");\n`);
    expect(result).toEqual({ files: 2, bytes: Buffer.byteLength(second!.text) + Buffer.byteLength(nested!.text) });
    // What the runtime's require() gets: the one array of the first chunk, whichever file it names.
    const load = createRequire(path.join(dir, "runtime.js"));
    const exports = load(path.join(dir, first!.file)) as unknown[];
    expect(exports[0]).toBe(7);
    expect(load(path.join(dir, second!.file))).toBe(exports);
    expect(load(path.join(dir, nested!.file))).toBe(exports);
  });

  it("leaves chunks of other code, files that are no chunk, a build it has already done, and a build with no such folder", () => {
    write("[root]__0a._.js", SHARED);
    write("[root]__1b._.js", chunk("another route's code", "[root]__1b._.js"));
    write("[turbopack]_runtime.js", "const moduleFactories = new Map();\n");
    write("runtime-copy.js", "const moduleFactories = new Map();\n");
    write("[root]__0a._.js.map", "{}");
    expect(shareIdenticalServerChunks(dir)).toEqual({ files: 0, bytes: 0 });
    expect(read("[root]__1b._.js")).toContain("another route's code");
    expect(read("runtime-copy.js")).toBe("const moduleFactories = new Map();\n");

    write("[root]__2c._.js", SHARED);
    expect(shareIdenticalServerChunks(dir).files).toBe(1);
    expect(shareIdenticalServerChunks(dir)).toEqual({ files: 0, bytes: 0 });
    expect(shareIdenticalServerChunks(path.join(dir, "no-such-folder"))).toEqual({ files: 0, bytes: 0 });
  });
});
