import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { NextConfig } from "next";
import { describe, expect, it } from "vitest";

/*
 * next.config.mjs swaps Next's client polyfill module for lib/client/supported-browsers-polyfills.ts
 * by the request Next's client makes for it. A Next release that moves or renames the module
 * would leave the alias matching nothing, and the legacy JavaScript back in every build.
 */

const ROOT = path.resolve(import.meta.dirname, "..");
const require = createRequire(import.meta.url);
const REQUEST = "../build/polyfills/polyfill-module";
const nextClient = (file: string) => readFileSync(require.resolve(`next/dist/client/${file}`), "utf8");

describe("the stand-in for Next's polyfill module", () => {
  it("is aliased, for the browser only, by the request Next's clients make (app and pages router)", async () => {
    const { default: nextConfig } = (await import(pathToFileURL(path.join(ROOT, "next.config.mjs")).href)) as { default: NextConfig };
    expect(nextConfig.turbopack?.resolveAlias?.[REQUEST]).toEqual({ browser: "./lib/client/supported-browsers-polyfills.ts" });
    for (const client of ["app-globals.js", "index.js"]) expect(nextClient(client)).toContain(`require("${REQUEST}")`);
  });

  it("names a file that exists", () => {
    expect(() => readFileSync(path.join(ROOT, "lib/client/supported-browsers-polyfills.ts"))).not.toThrow();
  });
});
