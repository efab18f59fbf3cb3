import { execFileSync } from "node:child_process";

/** The first of `names` found on PATH, or undefined: how each engine's run finds its browser or driver. */
export function findOnPath(...names: string[]): string | undefined {
  for (const name of names) {
    try {
      const found = execFileSync("which", [name], { encoding: "utf8" }).trim();
      if (found) return found;
    } catch {
      // not on PATH; try the next name
    }
  }
  return undefined;
}
