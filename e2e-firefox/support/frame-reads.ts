import type { Frame } from "puppeteer-core";
import { EXPECT_TIMEOUT_MS } from "./eventually";
import { clickIn, typeIn } from "./frame-input";

export function byTestId(testId: string) {
  return `[data-testid="${testId}"]`;
}

/**
 * Reads and actions in one frame, found anew on every call. A read of a frame that is being
 * replaced (a reload, a new launch) answers "nothing there yet" instead of throwing, so that
 * `eventually` keeps waiting as Playwright's locators do.
 */
export function inFrame(frameOf: () => Frame) {
  const read = async <T>(fallback: T, run: (frame: Frame) => Promise<T>): Promise<T> => {
    try {
      return await run(frameOf());
    } catch {
      return fallback;
    }
  };
  return {
    attribute: (selector: string, name: string) =>
      read(null, (frame) => frame.$eval(selector, (element, name) => element.getAttribute(name), name)),
    attributes: (selector: string, name: string) =>
      read<(string | null)[]>([], (frame) => frame.$$eval(selector, (elements, name) => elements.map((element) => element.getAttribute(name)), name)),
    text: (selector: string) => read(null, (frame) => frame.$eval(selector, (element) => element.textContent)),
    checked: (selector: string) => read(false, (frame) => frame.$eval(selector, (element) => element instanceof HTMLInputElement && element.checked)),
    count: (selector: string) => read(0, (frame) => frame.$$eval(selector, (elements) => elements.length)),
    visible: (selector: string) =>
      read(false, (frame) =>
        frame.$eval(selector, (element) => {
          const box = element.getBoundingClientRect();
          return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== "hidden";
        }),
      ),
    value: (selector: string) => read(null, (frame) => frame.$eval(selector, (element) => ("value" in element ? String(element.value) : null))),
    /** Waits for the element to be visible, enabled, still and uncovered, then clicks it with a real pointer. */
    click: (selector: string, timeout = EXPECT_TIMEOUT_MS) => clickIn(frameOf, selector, timeout),
    /** Clicks into the field and types the value with real keys. */
    fill: (selector: string, value: string, timeout = EXPECT_TIMEOUT_MS) => typeIn(frameOf, selector, value, timeout),
  };
}

