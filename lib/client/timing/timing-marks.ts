/*
 * Performance marks at each step of the first view and of a command, so a wait shows where it
 * happens (the bench prints the time between steps; so does the browser's performance panel).
 * Client code only, and no imports: the bench reads the same names.
 */

/** Not a mark: the navigation timing's `loadEventStart`, which the first view starts from. */
export const DOCUMENT_LOADED = "document loaded";

/** The first view, in order: from the frame's load event to the signed-in view. */
export const FIRST_VIEW_STEPS = [
  DOCUMENT_LOADED,
  "hydrated",
  "ready sent",
  "launch received",
  "state answered",
  "code received",
  "login answered",
  "view rendered",
] as const;

/** A command of the call view, in order: from its button's click to its final status on screen. */
export const COMMAND_STEPS = ["click", "request sent", "answered", "rendered"] as const;

export type MarkedStep = Exclude<(typeof FIRST_VIEW_STEPS)[number], typeof DOCUMENT_LOADED> | (typeof COMMAND_STEPS)[number];

/** Prefixed, so a mark of the framework or a library never takes a step's name. */
export function markName(step: string): string {
  return `hosted-app:${step}`;
}

/**
 * Marks a step now. Costs a timestamp; never throws, so timing can never break the page (no
 * `performance` outside a browser, a mark refused by a full buffer).
 */
export function markStep(step: MarkedStep): void {
  try {
    if (typeof performance !== "undefined" && typeof performance.mark === "function") performance.mark(markName(step));
  } catch {
    // Only a measurement is lost.
  }
}
