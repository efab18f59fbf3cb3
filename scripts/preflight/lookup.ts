import type { Host } from "./host.ts";

/** Where a program was found and how (`from`), or why it was not. */
export type Lookup = Found | NotFound;
export type Found = { path: string; from: string; why?: undefined };
export type NotFound = { path?: undefined; why: string };

/**
 * The file an environment variable names, when it is set: a set variable is the user's choice, so
 * a missing file is reported rather than passed over for another program.
 */
export function fromVariable(host: Host, name: string): Lookup | undefined {
  const value = host.env[name];
  if (!value) return undefined;
  return host.exists(value) ? { path: value, from: name } : { why: `${name} points at a missing file: ${value}` };
}

/**
 * Ubuntu's `chromium`, `chromium-browser` and `firefox` packages put a script in /usr/bin that runs
 * the snap of the same name. A snap does not start in a container (no snapd), and where it does,
 * its confinement keeps the browser from the profile folders and sockets a test run gives it.
 */
export function isSnap(host: Host, file: string): boolean {
  return file.startsWith("/snap/") || host.head(file).includes("/snap/bin/");
}

export const FROM_SYSTEM = "the system";

/** The first of the candidates that exists and is not a snap, and the snaps passed over. */
export function firstUsable(host: Host, candidates: (string | undefined)[]): { found?: Found; snaps: string[] } {
  const snaps: string[] = [];
  for (const file of candidates) {
    if (!file || !host.exists(file) || snaps.includes(file)) continue;
    if (!isSnap(host, file)) return { found: { path: file, from: FROM_SYSTEM }, snaps };
    snaps.push(file);
  }
  return { snaps };
}

/** Why nothing was found, naming the snap wrappers passed over. */
export function notFound(what: string, snaps: string[] = []): NotFound {
  if (snaps.length === 0) return { why: what };
  return { why: `${what} (passed over ${snaps.join(", ")}: Ubuntu's wrapper for a snap, which cannot be driven here)` };
}
