// The trusted tile code (spec 4.10 and 6). It runs in the tile document on the campus origin,
// shows its speaker's video and reports readiness and visibility to the campus only: it sends
// nothing to the app frame. Hidden tiles receive no video (spec 8): drawing stops and the camera
// track is disabled while the tile is out of view or the tab is hidden.

import type { TileConfig } from "../presentations/tile-document";
import type { TileReportAnswer } from "../presentations/tile-routes";
import { required } from "./dom";
import { createPainter } from "./tile-paint";

// Written by the campus server (tile-document.ts), so it is read as the type it was built from.
const config = JSON.parse(required(document, "#tile-config").textContent ?? "") as TileConfig;
const root = required(document, '[data-testid="tile"]');
// The video element, or the canvas itself where the browser cannot capture a canvas stream.
let video: HTMLVideoElement | HTMLCanvasElement = required<HTMLVideoElement>(root, '[data-testid="tile-video"]');
const FRAME_INTERVAL_MS = 1000 / 24;

const canvas = document.createElement("canvas");
canvas.width = 640;
canvas.height = 360;
const painter = createPainter(canvas, config.name);

let camera = config.camera;
let cameraStream: MediaStream | null = null;
let cameraFailed = false;
let canvasStream: MediaStream | null = null;
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

function watchFrames(element: HTMLVideoElement): void {
  if (typeof element.requestVideoFrameCallback !== "function") {
    element.addEventListener("loadeddata", markPresented);
    return;
  }
  const onFrame = () => {
    markPresented();
    element.requestVideoFrameCallback(onFrame);
  };
  element.requestVideoFrameCallback(onFrame);
}

function tick(now: number): void {
  if (ended) return;
  requestAnimationFrame(tick);
  if (wantsCamera() || !isVisible() || now - lastDrawAt < FRAME_INTERVAL_MS) return;
  lastDrawAt = now;
  drawn += 1;
  if (camera) painter.paintGenerated(now, drawn);
  else painter.paintPlaceholder();
  // Without captureStream the canvas itself is shown and a painted frame is a presented one.
  if (!canvasStream) markPresented();
}

function attach(stream: MediaStream, feed: "camera" | "generated" | "placeholder"): void {
  root.dataset.feed = feed;
  // The canvas shown in place of the video (no captureStream) plays no stream.
  if (!(video instanceof HTMLVideoElement) || video.srcObject === stream) return;
  video.srcObject = stream;
  video.play().catch(() => undefined);
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
    attach(cameraStream, "camera");
    applyVisibility();
    return;
  }
  cameraStream?.getTracks().forEach((track) => track.stop());
  cameraStream = null;
  if (typeof canvas.captureStream !== "function") {
    canvas.className = video.className;
    video.replaceWith(canvas);
    video = canvas;
    root.dataset.feed = camera ? "generated" : "placeholder";
    return;
  }
  canvasStream ??= canvas.captureStream(24);
  attach(canvasStream, camera ? "generated" : "placeholder");
}

function end(): void {
  ended = true;
  cameraStream?.getTracks().forEach((track) => track.stop());
  if (video instanceof HTMLVideoElement) video.srcObject = null;
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
if (video instanceof HTMLVideoElement) watchFrames(video);
void chooseFeed();
requestAnimationFrame(tick);
