import { embedJson, escapeHtml } from "../core/html";
import { TILE_MIN_SIZE_PX, TILE_REPORT_INTERVAL_MS, TILE_VISIBLE_MIN_RATIO } from "../core/policy";

/** Spec 8 camera capture bound: at most 1280 x 720 at up to 24 fps. */
export const TILE_CAMERA_CONSTRAINTS = { width: { max: 1280 }, height: { max: 720 }, frameRate: { max: 24 } } as const;

/**
 * Spec 4.10: tile embedding headers permit only the registered app and the tile's host origin;
 * no X-Frame-Options. The document runs only the campus's own tile script and talks only to the campus.
 */
export function buildTileCsp(appOrigin: string, campusOrigin: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "connect-src 'self'",
    "img-src 'self' data:",
    "media-src 'self' blob: mediastream:",
    `frame-ancestors ${appOrigin} ${campusOrigin}`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join("; ");
}

export type TileDocumentInput = {
  tileId: string;
  /** Authenticates this document's reports; the app frame cannot read a campus-origin document. */
  secret: string;
  fit: "cover" | "contain";
  /** The speaker's display name, or null when the app asked for no label. */
  label: string | null;
  /** Whose video: the member's own camera (self-view) or a generated one (the campus carries no media). */
  source: "self" | "generated";
  /** The speaker's native camera state: off shows a placeholder. */
  camera: boolean;
  /** Seeds the generated pattern so each speaker looks different. */
  name: string;
};

const head = (title: string, extra = "") => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="/assets/tile.css">
${extra}</head>`;

/** What the tile script reads from the document (`#tile-config`): page/tile.ts takes this type. */
function buildTileConfig(input: TileDocumentInput) {
  return {
    ...input,
    reportIntervalMs: TILE_REPORT_INTERVAL_MS,
    visibleMinRatio: TILE_VISIBLE_MIN_RATIO,
    minSizePx: TILE_MIN_SIZE_PX,
    cameraConstraints: TILE_CAMERA_CONSTRAINTS,
  };
}
export type TileConfig = ReturnType<typeof buildTileConfig>;

/** The tile document: the painted feed, the camera's video element, and the label when asked for. */
export function renderTileDocument(input: TileDocumentInput): string {
  const config = buildTileConfig(input);
  const label = input.label === null ? "" : `\n  <span class="tile__label" data-testid="tile-label">${escapeHtml(input.label)}</span>`;
  return `${head(`Tile: ${input.name}`, `<script type="application/json" id="tile-config">${embedJson(config)}</script>
<script type="module" src="/assets/tile.js"></script>
`)}
<body>
<main class="tile" data-testid="tile" data-tile-id="${escapeHtml(input.tileId)}" data-fit="${input.fit}" data-source="${input.source}" data-ready="false" data-visible="false" data-frames="0">
  <canvas class="tile__video" data-testid="tile-canvas" width="640" height="360"></canvas>
  <video class="tile__video" data-testid="tile-video" muted playsinline autoplay hidden></video>${label}
  <p class="tile__ended" data-testid="tile-ended" hidden>This tile has ended.</p>
</main>
</body>
</html>`;
}

/** The answer to a reused, unknown or ended tile URL: a page that says so, shown inside the app. */
export function renderTileGone(message: string): string {
  return `${head("Tile unavailable")}
<body>
<main class="tile tile--gone" data-testid="tile-error">
  <p><strong>This tile cannot be shown.</strong></p>
  <p>${escapeHtml(message)}</p>
</main>
</body>
</html>`;
}
