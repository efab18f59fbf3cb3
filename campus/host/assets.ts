import { readFileSync } from "node:fs";

/** The browser files of the campus page and the tile documents, served as-is (plain ES modules and CSS, no build step). */
const PAGE_ASSETS = {
  "activity-invitations.js": "text/javascript; charset=utf-8",
  "campus.css": "text/css; charset=utf-8",
  "campus.js": "text/javascript; charset=utf-8",
  "call-panel.js": "text/javascript; charset=utf-8",
  "call-prompts.js": "text/javascript; charset=utf-8",
  "call-roster.js": "text/javascript; charset=utf-8",
  "call-simulator.js": "text/javascript; charset=utf-8",
  "call-start.js": "text/javascript; charset=utf-8",
  "consent-dialog.js": "text/javascript; charset=utf-8",
  "dom.js": "text/javascript; charset=utf-8",
  "envelope.js": "text/javascript; charset=utf-8",
  "flow-inspector.js": "text/javascript; charset=utf-8",
  "flow-entries.js": "text/javascript; charset=utf-8",
  "frame-loading.js": "text/javascript; charset=utf-8",
  "frame-replies.js": "text/javascript; charset=utf-8",
  "prompt-focus.js": "text/javascript; charset=utf-8",
  "host-api.js": "text/javascript; charset=utf-8",
  "native-presentation.js": "text/javascript; charset=utf-8",
  "registration-panel.js": "text/javascript; charset=utf-8",
  "reply-faults.js": "text/javascript; charset=utf-8",
  "tile.css": "text/css; charset=utf-8",
  "tile.js": "text/javascript; charset=utf-8",
  "tile-paint.js": "text/javascript; charset=utf-8",
} as const;

export type PageAsset = { body: string; contentType: string };

/** Read once at start-up; unknown names are undefined so that the route answers 404. */
export function loadPageAssets(): Map<string, PageAsset> {
  return new Map(
    Object.entries(PAGE_ASSETS).map(([name, contentType]) => [
      name,
      { body: readFileSync(new URL(`../page/${name}`, import.meta.url), "utf8"), contentType },
    ]),
  );
}
