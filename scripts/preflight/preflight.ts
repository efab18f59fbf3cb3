import type { Host } from "./host.ts";
import { installLines } from "./install.ts";
import type { Lookup } from "./lookup.ts";
import type { WebKitFound } from "./webkit.ts";
import { ENGINES, NEEDS, isEngine, lookUp, type Engine, type Need } from "./needs.ts";

export type Stage = { name: string; needs?: Need[] };

/**
 * What `npm test` will run: `lines` to print first, whether to go on, and the stages to report as
 * skipped (by name, with the reason) because the user left their engine out.
 */
export type Plan = { go: boolean; lines: string[]; skipped: Map<string, string> };

const ONLY_VARIABLE = "TEST_ENGINES";

/**
 * Looks up everything the stages need before any of them starts. A missing need stops the run at
 * once with the lines that install it, unless it is an engine the user left out with `--only`
 * (or TEST_ENGINES): its stages are then skipped, and the run's table says so.
 */
export function preflight(host: Host, stages: Stage[], argv: string[]): Plan {
  const only = selectedEngines(argv, host.env);
  if (typeof only === "string") return { go: false, lines: [only], skipped: new Map() };

  const needs = NEEDS.filter((need) => stages.some((stage) => stage.needs?.includes(need)));
  const found = new Map(needs.map((need) => [need, lookUp(host, need)] as const));
  const leftOut = (need: Need) => only !== undefined && isEngine(need) && !only.includes(need);
  const lines = ["npm test needs:"];
  for (const [need, lookup] of found) lines.push(`  ${need.padEnd(13)} ${leftOut(need) ? "left out  " : lookup.path !== undefined ? "found     " : "MISSING   "}${describe(lookup)}`);

  const missing = needs.filter((need) => !found.get(need)?.path && !leftOut(need));
  if (missing.length > 0) return { go: false, lines: [...lines, ...missingLines(missing, stages, found, only)], skipped: new Map() };

  const skipped = new Map<string, string>();
  for (const stage of stages) {
    const out = (stage.needs ?? []).filter(leftOut);
    if (out.length > 0) skipped.set(stage.name, `needs ${out.join(", ")}, left out by --only ${only?.join(",")}`);
  }
  return { go: true, lines, skipped };
}

/** The engines `--only a,b` (or `--only=a,b`, or TEST_ENGINES=a,b) names; undefined for all; a string says what is wrong. */
export function selectedEngines(argv: string[], env: Host["env"]): Engine[] | undefined | string {
  let value = env[ONLY_VARIABLE];
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index]!;
    if (arg === "--only") value = argv[++index] ?? "";
    else if (arg.startsWith("--only=")) value = arg.slice("--only=".length);
    else return `npm test takes no argument but --only <engines>, e.g. npm test -- --only chromium,firefox (got ${arg})`;
  }
  if (value === undefined) return undefined;
  const names = value.split(",").map((name) => name.trim()).filter(Boolean);
  const unknown = names.filter((name) => !isEngine(name));
  if (names.length === 0 || unknown.length > 0) return `--only and ${ONLY_VARIABLE} take engines among ${ENGINES.join(", ")}${unknown.length ? ` (not ${unknown.join(", ")})` : ""}`;
  return names.filter(isEngine);
}

function describe(lookup: Lookup | WebKitFound): string {
  if (lookup.path === undefined) return lookup.why;
  if ("browser" in lookup) {
    const display = lookup.xvfbRun ? `under ${lookup.xvfbRun}` : "on this display";
    return `${lookup.path} (${lookup.from}), starting ${lookup.browser}, ${display}`;
  }
  return `${lookup.path} (${lookup.from})`;
}

function missingLines(missing: Need[], stages: Stage[], found: Map<Need, Lookup>, only: Engine[] | undefined): string[] {
  const lines = ["", `npm test stops here: ${missing.join(", ")} ${missing.length === 1 ? "is" : "are"} missing. To install:`];
  for (const need of missing) {
    const users = stages.filter((stage) => stage.needs?.includes(need)).map((stage) => stage.name);
    lines.push(`  ${need}, for the stage${users.length === 1 ? "" : "s"} ${users.join(", ")}:`, ...installLines(need));
  }
  const present = ENGINES.filter((engine) => found.get(engine)?.path && (!only || only.includes(engine)));
  if (missing.some(isEngine) && present.length > 0) {
    lines.push("", "Or run the engines present and report the others' stages as skipped:");
    lines.push(`  npm test -- --only ${present.join(",")}    (or ${ONLY_VARIABLE}=${present.join(",")} npm test)`);
  }
  lines.push("", "Or run every stage in a Debian container: npm run test:container (Docker or Podman)");
  return lines;
}
