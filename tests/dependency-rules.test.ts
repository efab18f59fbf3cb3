import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { cruise, type ICruiseResult, type IConfiguration } from "dependency-cruiser";
import { afterAll, describe, expect, it } from "vitest";

// The rules `npm run lint` checks (.dependency-cruiser.cjs): they must pass on the tree and fail on a planted break.
const config = createRequire(import.meta.url)("../.dependency-cruiser.cjs") as IConfiguration;
const ROOT = path.resolve(import.meta.dirname, "..");
const TREE = ["lib", "app", "pages", "campus", "proxy.ts", "instrumentation.ts"];

// The folder rule's run (.dependency-cruiser-folders.mjs): the shipped code of lib/, tests left out.
const folderConfig = (createRequire(import.meta.url)("../.dependency-cruiser-folders.mjs") as { default: IConfiguration }).default;

async function check(files: string[], baseDir: string, options: IConfiguration["options"] = config.options, rules = config) {
  const { output } = await cruise(files, { ...options, baseDir, validate: true, ruleSet: { forbidden: rules.forbidden } });
  const { summary } = output as ICruiseResult;
  return { cruised: summary.totalCruised, violations: summary.violations.map(({ rule, from, to }) => ({ rule: rule.name, from, to })) };
}
const violations = async (...args: Parameters<typeof check>) => (await check(...args)).violations;

/** A throwaway tree laid out like the app's, with `files` (path → source) in it. */
function plant(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), "dependency-rules-"));
  planted.push(dir);
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), source);
  }
  return dir;
}
const planted: string[] = [];
afterAll(() => planted.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

// The planted trees have no tsconfig: relative imports only.
const { tsConfig: _tsConfig, ...plantedOptions } = config.options ?? {};
const { tsConfig: _folderTsConfig, ...plantedFolderOptions } = folderConfig.options ?? {};

describe("the dependency rules (.dependency-cruiser.cjs)", () => {
  it("pass on the app and the local campus", { timeout: 120_000 }, async () => {
    const { cruised, violations } = await check(TREE, ROOT);
    expect(cruised).toBeGreaterThan(300);
    expect(violations).toEqual([]);
  });

  it("fail on an import cycle", async () => {
    const dir = plant({
      "lib/session/a.ts": 'import { b } from "./b";\nexport const a = () => b;\n',
      "lib/session/b.ts": 'import { a } from "./a";\nexport const b = () => a;\n',
    });
    expect(await violations(["lib"], dir, plantedOptions)).toContainEqual(expect.objectContaining({ rule: "no-circular", from: "lib/session/a.ts" }));
  });

  it("fail on browser code importing server code", async () => {
    const dir = plant({
      "lib/session/records.ts": "export const sessionRecord = {};\n",
      "lib/client/use-session.ts": 'import { sessionRecord } from "../session/records";\nexport const read = () => sessionRecord;\n',
    });
    expect(await violations(["lib"], dir, plantedOptions)).toEqual([
      { rule: "client-imports-no-server-code", from: "lib/client/use-session.ts", to: "lib/session/records.ts" },
    ]);
  });

  it("fail on a layer importing one above it", async () => {
    const dir = plant({
      "lib/calls/send.ts": "export const send = () => 1;\n",
      "lib/auth/login.ts": 'import { send } from "../calls/send";\nexport const login = () => send();\n',
    });
    expect(await violations(["lib"], dir, plantedOptions)).toEqual([{ rule: "layer-auth", from: "lib/auth/login.ts", to: "lib/calls/send.ts" }]);
  });
});

describe("the folder rule (.dependency-cruiser-folders.mjs)", () => {
  it("passes on lib/", { timeout: 120_000 }, async () => {
    expect(await violations(["lib"], ROOT, folderConfig.options, folderConfig)).toEqual([]);
  });

  it("fails on two folders of one layer that import each other, though no module cycle joins them", async () => {
    const dir = plant({
      "lib/http/headers.ts": "export type HeaderReader = { get(name: string): string | null };\n",
      "lib/http/route.ts": 'import { readAddress } from "../security/address";\nexport const route = readAddress;\n',
      "lib/security/address.ts": 'import type { HeaderReader } from "../http/headers";\nexport const readAddress = (headers: HeaderReader) => headers.get("x");\n',
    });
    expect(await violations(["lib"], dir, plantedOptions)).toEqual([]);
    expect(await violations(["lib"], dir, plantedFolderOptions, folderConfig)).toContainEqual(expect.objectContaining({ rule: "no-folder-cycle-in-lib", from: "lib/security" }));
  });

  it("leaves out tests, which reach across folders on purpose", async () => {
    const dir = plant({
      "lib/server/deps.ts": 'import { route } from "../http/route";\nexport const deps = route;\n',
      "lib/http/route.ts": "export const route = 1;\n",
      "lib/http/route.test.ts": 'import { deps } from "../server/deps";\nexport const used = deps;\n',
    });
    expect(await violations(["lib"], dir, plantedFolderOptions, folderConfig)).toEqual([]);
  });
});
