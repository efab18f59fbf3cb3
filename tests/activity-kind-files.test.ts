import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ACTIVITY_KINDS } from "@/lib/shared/activity-kinds";
import { RATE_LIMITS } from "@/lib/shared/app-limits";
import { KIND_FILES, KIND_FOLDERS, KIND_IMPORTERS, SHARED_BY_EVERY_KIND } from "./activity-kind-files";

// A kind's files are listed under it in tests/activity-kind-files.ts; a kind removed leaves none behind.
const ROOT = path.resolve(import.meta.dirname, "..");
const SOURCE = /\.(ts|tsx|mjs)$/;
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+)["']/g;

function filesUnder(folder: string): string[] {
  const dir = path.join(ROOT, folder);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = `${folder}/${entry.name}`;
    return entry.isDirectory() ? filesUnder(file) : [file];
  });
}

/** The repository files a source file imports (`@/…` and relative paths; packages are none). */
function importsOf(file: string): string[] {
  const source = readFileSync(path.join(ROOT, file), "utf8");
  return [...source.matchAll(IMPORT)].flatMap(([, specifier]) => {
    const bare = specifier!.startsWith("@/") ? specifier!.slice(2) : specifier!.startsWith(".") ? path.posix.join(path.posix.dirname(file), specifier!) : undefined;
    if (bare === undefined) return [];
    return ["", ".ts", ".tsx", "/index.ts"].map((ending) => `${bare}${ending}`).filter((candidate) => existsSync(path.join(ROOT, candidate)));
  });
}

const kindFiles: string[] = Object.values(KIND_FILES).flat();
const listed = new Set([...kindFiles, ...SHARED_BY_EVERY_KIND]);

/** Every file of the activity folders, then every file of the other folders that imports an activity file, to a fixed point. */
function activityFiles(): Set<string> {
  const found = new Set([...KIND_FOLDERS.flatMap(filesUnder), ...[...listed].filter((file) => existsSync(path.join(ROOT, file)))]);
  const candidates = KIND_IMPORTERS.flatMap(filesUnder).filter((file) => SOURCE.test(file));
  for (let grew = true; grew; ) {
    grew = false;
    for (const file of candidates) {
      if (!found.has(file) && importsOf(file).some((imported) => found.has(imported))) {
        found.add(file);
        grew = true;
      }
    }
  }
  return found;
}

describe("every activity file belongs to a kind of ACTIVITY_KINDS, or to every kind", () => {
  it("each kind's entry lists its files, and each file listed exists", () => {
    expect(Object.keys(KIND_FILES).sort()).toEqual([...ACTIVITY_KINDS].sort());
    expect([...listed].filter((file) => !existsSync(path.join(ROOT, file)))).toEqual([]);
  });

  it("no file is listed twice: a file is one kind's, or every kind's", () => {
    expect(kindFiles.length + SHARED_BY_EVERY_KIND.length).toBe(listed.size);
  });

  it("no activity file is unlisted: a kind removed from the list leaves its files failing here by name", () => {
    expect([...activityFiles()].filter((file) => !listed.has(file)).sort()).toEqual([]);
  });

  it("a kind's own picture is docs/screenshots/<kind>.png", () => {
    const pictures = kindFiles.filter((file) => file.startsWith("docs/screenshots/"));
    expect(pictures.sort()).toEqual(ACTIVITY_KINDS.map((kind) => `docs/screenshots/${kind}.png`).sort());
  });
});

describe("every rate limit is used: a kind removed leaves none behind", () => {
  /** The app's code, tests aside: where a limit is named, always as a quoted string. */
  const appCode = () => ["app", "pages", "lib"].flatMap(filesUnder).filter((file) => SOURCE.test(file) && !/\.test\.tsx?$/.test(file) && file !== "lib/shared/app-limits.ts");

  it("each name in RATE_LIMITS is named by the app's code", () => {
    const sources = appCode().map((file) => readFileSync(path.join(ROOT, file), "utf8"));
    const unused = Object.keys(RATE_LIMITS).filter((name) => !sources.some((source) => source.includes(`"${name}"`)));
    expect(unused).toEqual([]);
  });
});
