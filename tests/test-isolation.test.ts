import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ISOLATED_TEST_FILES } from "./isolated-test-files";

// The unit-test files that share their worker's modules must leave the process as they found it
// and need nothing fresh (tests/isolated-test-files.ts says why); these are the signs that one does not.
const ROOT = path.resolve(import.meta.dirname, "..");
const CHANGES_THE_PROCESS: [string, RegExp][] = [
  ["stubs the environment", /vi\.stubEnv|process\.env\b/],
  // An import of a route file or of the wiring (a path in a string is none), or a call of the wiring.
  ["calls a route handler or the server's wiring", /(?:from|import\()\s*["'](?:@\/app\/|[^"']*lib\/server\/deps["'])|getServerDeps\(|getServerStores\(/],
  ["stubs a global or mocks a module", /vi\.stubGlobal|vi\.(do)?mock\(|vi\.resetModules/],
  ["spies on a built-in's prototype", /\.prototype\b/],
];

// A type import runs nothing: `import type { ServerDeps } from "@/lib/server/deps"` loads no module.
const TYPE_IMPORT = /^import\s+type\s[^;]*;/gm;

function signsIn(file: string): string[] {
  const source = readFileSync(path.join(ROOT, file), "utf8").replace(TYPE_IMPORT, "");
  return CHANGES_THE_PROCESS.filter(([, sign]) => sign.test(source)).map(([what]) => what);
}

function testFiles(dir = ROOT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith(".") || entry.name === "node_modules" || entry.name === "e2e") return [];
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(file);
    return entry.name.endsWith(".test.ts") ? [path.relative(ROOT, file).split(path.sep).join("/")] : [];
  });
}

describe("which unit-test files run in a module graph of their own", () => {
  const files = testFiles();

  it("every file that changes what the process holds", () => {
    const shared = files.filter((file) => !ISOLATED_TEST_FILES.includes(file) && file !== "tests/test-isolation.test.ts");
    const changing = shared.flatMap((file) => signsIn(file).map((what) => `${file} ${what}`));
    expect(shared.length).toBeGreaterThan(100);
    expect(changing).toEqual([]);
  });

  it("and only files that exist and show one of the signs: a copied test does not inherit a rule that is not about it", () => {
    expect(ISOLATED_TEST_FILES.filter((file) => !files.includes(file))).toEqual([]);
    expect(ISOLATED_TEST_FILES.filter((file) => signsIn(file).length === 0)).toEqual([]);
  });
});
