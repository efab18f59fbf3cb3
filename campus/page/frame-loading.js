// The frame area's loading state: shown from the moment the page points the iframe at the app
// until the iframe's load event, so that a development server compiling its first page (often
// many seconds) shows a sign of life instead of a blank frame.

export function createFrameLoading(overlay) {
  const title = overlay.querySelector(".frame-loading__title");
  const initialTitle = title.textContent;
  return {
    /** Call before setting the frame's src. */
    watch(frame) {
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
    fail(message) {
      title.textContent = message;
      overlay.hidden = false;
    },
  };
}
