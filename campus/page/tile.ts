// The trusted tile code (spec 4.10 and 6). It runs in the tile document on the campus origin,
// shows its speaker's video and reports readiness and visibility to the campus only: it sends
// nothing to the app frame. Hidden tiles receive no video (spec 8): drawing stops and the camera
// track is disabled while the tile is out of view or the tab is hidden.
//
// The generated feed is painted straight onto the shown canvas, so a painted frame is a
// presented one in every engine; only the member's own camera plays through the video element.
// (A canvas stream through a video element would add the engine's media pipeline for nothing:
// WebKitGTK's calls requestVideoFrameCallback once and then stalls.)

import type { TileConfig } from "../presentations/tile-document";
import type { TileReportAnswer } from "../presentations/tile-routes";
import { required } from "./dom";
import { createPainter } from "./tile-paint";

type Feed = "camera" | "generated" | "placeholder";

// Written by the campus server (tile-document.ts), so it is read as the type it was built from.
const config = JSON.parse(required(document, "#tile-config").textContent ?? "") as TileConfig;
const root = required(document, '[data-testid="tile"]');
const canvas = required<HTMLCanvasElement>(root, '[data-testid="tile-canvas"]');
const video = required<HTMLVideoElement>(root, '[data-testid="tile-video"]');
const FRAME_INTERVAL_MS = 1000 / 24;
const painter = createPainter(canvas, config.name);

let camera = config.camera;
let cameraStream: MediaStream | null = null;
let cameraFailed = false;
let inView = false;
let ready = false;
let ended = false;
let drawn = 0;
let presented = 0;
let lastDrawAt = 0;
let lastReportKey = "";

const isVisible = (): boolean => !ended && inView && document.visibilityState === "visible";
const wantsCamera = (): boolean => config.source === "self" && camera && !cameraFailed;

function markPresented(): void {
  presented += 1;
  root.dataset.frames = String(presented);
  if (!ready) {
    ready = true;
    reportIfChanged();
  }
}

/** Counts the camera's frames as the video element presents them. */
function watchCameraFrames(): void {
  if (typeof video.requestVideoFrameCallback !== "function") {
    video.addEventListener("loadeddata", markPresented);
    return;
  }
  const onFrame = () => {
    markPresented();
    video.requestVideoFrameCallback(onFrame);
  };
  video.requestVideoFrameCallback(onFrame);
}

function tick(now: number): void {
  if (ended) return;
  requestAnimationFrame(tick);
  if (wantsCamera() || !isVisible() || now - lastDrawAt < FRAME_INTERVAL_MS) return;
  lastDrawAt = now;
  drawn += 1;
  if (camera) painter.paintGenerated(now, drawn);
  else painter.paintPlaceholder();
  markPresented();
}

/** Shows the camera's stream in the video element, or the painted canvas (stream null). */
function show(feed: Feed, stream: MediaStream | null): void {
  root.dataset.feed = feed;
  canvas.hidden = stream !== null;
  video.hidden = stream === null;
  if (video.srcObject === stream) return;
  video.srcObject = stream;
  if (stream) video.play().catch(() => undefined);
}

/** The member's own camera (spec 8 bound) for self-view, else the generated video or the placeholder. */
async function chooseFeed(): Promise<void> {
  if (wantsCamera() && !cameraStream) {
    try {
      cameraStream = await navigator.mediaDevices.getUserMedia({ video: config.cameraConstraints, audio: false });
    } catch {
      cameraFailed = true;
    }
  }
  if (wantsCamera() && cameraStream) {
    show("camera", cameraStream);
    applyVisibility();
    return;
  }
  cameraStream?.getTracks().forEach((track) => track.stop());
  cameraStream = null;
  show(camera ? "generated" : "placeholder", null);
}

function end(): void {
  ended = true;
  cameraStream?.getTracks().forEach((track) => track.stop());
  video.srcObject = null;
  root.dataset.ended = "true";
  required(root, '[data-testid="tile-ended"]').hidden = false;
}

async function report(): Promise<void> {
  if (ended) return;
  const visible = isVisible();
  root.dataset.ready = String(ready);
  root.dataset.visible = String(visible);
  try {
    const response = await fetch(`/tiles/${encodeURIComponent(config.tileId)}/report`, {
      method: "POST",
      credentials: "omit",
      cache: "no-store",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ secret: config.secret, ready, visible }),
    });
    if (response.status === 403) return end();
    if (!response.ok) return;
    const answer: TileReportAnswer = await response.json();
    if (!answer.active) return end();
    if (answer.camera !== camera) {
      camera = answer.camera;
      void chooseFeed();
    }
  } catch {
    // The next periodic report retries.
  }
}

function reportIfChanged(): void {
  const key = `${ready}:${isVisible()}`;
  if (key === lastReportKey) return;
  lastReportKey = key;
  void report();
}

function applyVisibility(): void {
  cameraStream?.getVideoTracks().forEach((track) => {
    track.enabled = isVisible();
  });
  reportIfChanged();
}

new IntersectionObserver(
  (entries) => {
    for (const entry of entries) {
      const { width, height } = entry.boundingClientRect;
      inView = entry.isIntersecting && entry.intersectionRatio >= config.visibleMinRatio && width >= config.minSizePx && height >= config.minSizePx;
    }
    applyVisibility();
  },
  { threshold: [0, config.visibleMinRatio, 1] },
).observe(root);
document.addEventListener("visibilitychange", applyVisibility);
setInterval(() => void report(), config.reportIntervalMs);
watchCameraFrames();
void chooseFeed();
requestAnimationFrame(tick);
