// The frame area's loading state: shown from the moment the page points the iframe at the app
// until the iframe's load event, so that a development server compiling its first page (often
// many seconds) shows a sign of life instead of a blank frame. Meanwhile the frame carries
// aria-busy, which campus.css also reads to keep it out of the layout: a page laid out before its
// stylesheet came would be seen to move (docs/performance.md).

import { required } from "./dom";

export function createFrameLoading(overlay: HTMLElement) {
  const title = required(overlay, ".frame-loading__title");
  const initialTitle = title.textContent;
  return {
    /** Call before setting the frame's src. */
    watch(frame: HTMLIFrameElement): void {
      title.textContent = initialTitle;
      overlay.hidden = false;
      frame.setAttribute("aria-busy", "true");
      frame.addEventListener(
        "load",
        () => {
          overlay.hidden = true;
          frame.removeAttribute("aria-busy");
        },
        { once: true },
      );
    },
    fail(message: string): void {
      title.textContent = message;
      overlay.hidden = false;
    },
  };
}
