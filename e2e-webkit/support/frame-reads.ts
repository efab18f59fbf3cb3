import { By, type WebDriver, type WebElement } from "selenium-webdriver";
import type { FrameReads } from "../../e2e-firefox/support/campus-view";
import { EXPECT_TIMEOUT_MS } from "../../e2e-firefox/support/eventually";

/**
 * A frame, from the top-level page down: at each step the iframe to enter is the newest one whose
 * `src` starts with the prefix (a launch replaces the app's iframe), or the one at `index` among them.
 */
export type FramePath = readonly { prefix: string; index?: number }[];

/**
 * One member's browser. WebDriver (classic) has one current frame per session, so entering a frame
 * and running a script in it are one step: a queue keeps them from interleaving.
 */
export class Tab {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(readonly driver: WebDriver) {}

  /** Runs `step` with the session's current frame set to the frame at `path`. */
  inFrame<T>(path: FramePath, step: (driver: WebDriver) => Promise<T>): Promise<T> {
    const run = this.queue.then(async () => {
      await this.driver.switchTo().defaultContent();
      for (const { prefix, index } of path) {
        const frames: WebElement[] = await this.driver.executeScript(
          "return [...document.querySelectorAll('iframe')].filter((frame) => frame.src.startsWith(arguments[0]))",
          prefix,
        );
        const frame = index === undefined ? frames.at(-1) : frames[index];
        if (!frame) throw new Error(`no iframe on ${prefix} here yet`);
        await this.driver.switchTo().frame(frame);
      }
      return step(this.driver);
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Runs a script (a function body; `arguments` holds `args`) in the frame at `path`. */
  script<T>(path: FramePath, body: string, ...args: unknown[]): Promise<T> {
    return this.inFrame(path, (driver) => driver.executeScript<T>(body, ...args));
  }
}

const ELEMENT = "const element = document.querySelector(arguments[0]);";

/**
 * Reads and real input in the frame at `path`, found anew on every call: the WebDriver form of the
 * Firefox run's inFrame. A read of a frame that is being replaced (a reload, a new launch) answers
 * "nothing there yet" instead of throwing, so that `eventually` keeps waiting.
 */
export function inFrame(tab: Tab, path: FramePath): FrameReads {
  const read = async <T>(fallback: T, body: string, ...args: unknown[]): Promise<T> => {
    try {
      return (await tab.script<T | null>(path, body, ...args)) ?? fallback;
    } catch {
      return fallback;
    }
  };
  return {
    attribute: (selector, name) => read(null, `${ELEMENT} return element && element.getAttribute(arguments[1]);`, selector, name),
    attributes: (selector, name) =>
      read<(string | null)[]>([], "return [...document.querySelectorAll(arguments[0])].map((element) => element.getAttribute(arguments[1]));", selector, name),
    text: (selector) => read(null, `${ELEMENT} return element && element.textContent;`, selector),
    checked: (selector) => read(false, `${ELEMENT} return element instanceof HTMLInputElement && element.checked;`, selector),
    count: (selector) => read(0, "return document.querySelectorAll(arguments[0]).length;", selector),
    visible: (selector) =>
      read(
        false,
        `${ELEMENT} if (!element) return false;
         const box = element.getBoundingClientRect();
         return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== "hidden";`,
        selector,
      ),
    value: (selector) => read(null, `${ELEMENT} return element && "value" in element ? String(element.value) : null;`, selector),
    click: (selector, timeout = EXPECT_TIMEOUT_MS) => clickIn(tab, path, selector, timeout),
    fill: (selector, value, timeout = EXPECT_TIMEOUT_MS) => typeIn(tab, path, selector, value, timeout),
  };
}

/**
 * The element, once it is visible, enabled and still (scrolled into the middle of its frame), or
 * the reason it cannot be clicked yet. Whether it is covered, WebDriver's Element Click checks.
 */
const LOCATE = `
  const [selector, done] = arguments;
  const element = document.querySelector(selector);
  if (!element) return done({ problem: "not found" });
  element.scrollIntoView({ block: "center", inline: "center" });
  const before = element.getBoundingClientRect();
  requestAnimationFrame(() => requestAnimationFrame(() => {
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0 || getComputedStyle(element).visibility === "hidden") return done({ problem: "not visible" });
    if (element.matches(':disabled, [aria-disabled="true"]')) return done({ problem: "disabled" });
    if (box.x !== before.x || box.y !== before.y) return done({ problem: "moving" });
    done({ element });
  }));`;

type Located = { element?: WebElement; problem?: string };

async function retryUntil(timeout: number, attempt: () => Promise<string | true>, what: string) {
  const deadline = Date.now() + timeout;
  let last = "not found";
  for (;;) {
    try {
      const result = await attempt();
      if (result === true) return;
      last = result;
    } catch (error) {
      last = error instanceof Error ? error.message.split("\n")[0]! : String(error);
    }
    if (Date.now() >= deadline) throw new Error(`${what}: ${last} after ${timeout} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A trusted click (WebDriver's Element Click, which refuses an element another one covers). */
async function clickIn(tab: Tab, path: FramePath, selector: string, timeout: number) {
  await retryUntil(
    timeout,
    () =>
      tab.inFrame(path, async (driver) => {
        const located: Located = await driver.executeAsyncScript(LOCATE, selector);
        if (!located.element) return located.problem ?? "not found";
        await located.element.click();
        return true;
      }),
    `click ${selector}`,
  );
}

/** Clicks into the field, empties it, and types the value key by key. */
async function typeIn(tab: Tab, path: FramePath, selector: string, value: string, timeout: number) {
  await clickIn(tab, path, selector, timeout);
  // WebKitWebDriver types nothing after a Control chord, so the field is cleared first (Element Clear).
  await tab.inFrame(path, async (driver) => {
    const field = await driver.findElement(By.css(selector));
    await field.clear();
    await field.sendKeys(value);
  });
  await retryUntil(
    timeout,
    async () => {
      const now = await tab.script<string | null>(path, `${ELEMENT} return element instanceof HTMLInputElement ? element.value : null;`, selector);
      return now === value ? true : `holds ${JSON.stringify(now)}`;
    },
    `type into ${selector}`,
  );
}
